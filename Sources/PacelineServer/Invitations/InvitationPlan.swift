import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A request for an invitation, checked: a start in the future and within a year, a place
/// on Earth, a sensible distance, short texts, and 1 to 50 distinct guests who are all the
/// host's friends. Each refusal says what was wrong (400, or 422 `not_a_friend`).
struct InvitationPlan {
    /// How far ahead a walk may be planned: 365 days.
    static let maximumLead: TimeInterval = 365 * 86_400
    static let maximumGuests = 50
    /// The longest planned distance: 100 km.
    static let maximumDistanceMeters = 100_000.0
    /// The invitation to save (scheduled, without guests).
    let invitation: Invitation
    /// The guests, in the order given.
    let guestIDs: [UUID]

    /// Checks what does not need the database; `checkGuests` does the rest.
    init(_ creation: Components.Schemas.InvitationCreation, host: UUID, now: Date = Date()) throws {
        guard creation.startsAt > now else { throw Refusal.invalid("`startsAt` must be in the future") }
        guard creation.startsAt <= now.addingTimeInterval(Self.maximumLead) else {
            throw Refusal.invalid("`startsAt` must be at most 365 days ahead")
        }
        let place = creation.place
        guard place.latitude.isFinite, (-90...90).contains(place.latitude),
              place.longitude.isFinite, (-180...180).contains(place.longitude) else {
            throw Refusal.invalid("the place needs a latitude of -90 to 90 and a longitude of -180 to 180 degrees")
        }
        if let distance = creation.distanceMeters {
            guard distance.isFinite, distance > 0, distance <= Self.maximumDistanceMeters else {
                throw Refusal.invalid("`distanceMeters` must be more than 0 and at most 100 km")
            }
        }
        let invitation = Invitation()
        invitation.$host.id = host
        invitation.title = try Self.text(creation.title, "title")
        invitation.sport = creation.sport.map(Sport.init) ?? .walk
        invitation.startsAt = creation.startsAt
        invitation.latitude = place.latitude
        invitation.longitude = place.longitude
        invitation.placeName = try Self.text(place.name, "place.name")
        invitation.distanceMeters = creation.distanceMeters
        invitation.status = .scheduled
        self.invitation = invitation
        self.guestIDs = try Self.guests(creation.guestIds, host: host)
    }

    /// 422 `not_a_friend`, naming the first guest who is not a friend of the host.
    func checkGuests(on database: any Database) async throws {
        let friends = try await Friends.friendIDs(of: invitation.$host.id, on: database)
        if let stranger = guestIDs.first(where: { !friends.contains($0) }) {
            throw Refusal(.unprocessable, code: "not_a_friend",
                           message: "\(stranger.apiID) is not your friend; only friends can be invited")
        }
    }

    /// Trimmed text, nil when empty; 400 naming `field` when too long or holding NUL.
    private static func text(_ text: String?, _ field: String) throws -> String? {
        guard let text = try TextInput.checked(text, field, .name)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        return text
    }

    private static func guests(_ texts: [String], host: UUID) throws -> [UUID] {
        guard (1...maximumGuests).contains(texts.count) else {
            throw Refusal.invalid("invite 1 to \(maximumGuests) guests")
        }
        var seen = Set<UUID>()
        return try texts.map { text in
            guard let id = UUID(uuidString: text) else { throw Refusal.invalid("`\(text)` in `guestIds` is not a user id") }
            guard id != host else { throw Refusal.invalid("the host can't be one of the guests") }
            guard seen.insert(id).inserted else { throw Refusal.invalid("\(id.apiID) is in `guestIds` twice") }
            return id
        }
    }
}
