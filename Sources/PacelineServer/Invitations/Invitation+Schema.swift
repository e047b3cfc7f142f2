import Foundation
import PacelineAPI

extension Invitation {
    /// The invitation as the API shows it, guests by name; its host and its guests (with
    /// their users) must be loaded.
    var schema: Components.Schemas.Invitation {
        .init(
            id: id?.apiID ?? "",
            host: host.summary,
            title: title,
            sport: .init(rawValue: sport.rawValue) ?? .walk,
            startsAt: startsAt,
            place: .init(latitude: latitude, longitude: longitude, name: placeName),
            distanceMeters: distanceMeters,
            status: .init(rawValue: status.rawValue) ?? .cancelled,
            guests: guests.sorted { ($0.guest.displayName, $0.$guest.id.uuidString) < ($1.guest.displayName, $1.$guest.id.uuidString) }
                .map { .init(user: $0.guest.summary, response: .init(rawValue: $0.response.rawValue) ?? .pending,
                             respondedAt: $0.respondedAt) },
            liveSessionId: liveSessionId?.apiID,
            createdAt: createdAt ?? Date(),
            updatedAt: updatedAt ?? Date()
        )
    }
}
