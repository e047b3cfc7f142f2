import Fluent
import Foundation

extension ClubEventBook {
    /// One event as an iCalendar document (whoever may see the club).
    static func calendar(_ id: String, of clubID: String, seenBy viewer: UUID, on database: any Database) async throws -> String {
        let seen = try await ClubAccess.seen(clubID, by: viewer, on: database)
        let event = try await found(id, in: try seen.club.requireID(), on: database)
        return ClubEventCalendar.document([event], clubNames: [seen.club.id ?? UUID(): seen.club.name], name: event.title)
    }
}
