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
            sport: .init(sport),
            startsAt: startsAt,
            place: .init(latitude: latitude, longitude: longitude, name: placeName),
            distanceMeters: distanceMeters,
            status: status.schema,
            guests: guests.sorted { ($0.guest.displayName, $0.$guest.id.uuidString) < ($1.guest.displayName, $1.$guest.id.uuidString) }
                .map { .init(user: $0.guest.summary, response: $0.response.schema,
                             respondedAt: $0.respondedAt) },
            liveSessionId: liveSessionId?.apiID,
            createdAt: createdAt ?? Date(),
            updatedAt: updatedAt ?? Date()
        )
    }
}
