import Foundation
import OpenAPIRuntime
import PacelineAPI

/// Club events in calendars: one event's .ics, and each user's private feed of their
/// clubs' events (`ClubCalendarFeed`).
extension APIHandler {
    /// Where feeds are read from, before the secret.
    static let calendarFeedPath = "/api/v1/calendar/"

    func getClubEventCalendar(_ input: Operations.GetClubEventCalendar.Input) async throws -> Operations.GetClubEventCalendar.Output {
        let user = try AuthenticatedUser.required()
        let text = try await ClubEventBook.calendar(input.path.eventId, of: input.path.clubId, seenBy: user.id, on: reads)
        return .ok(.init(headers: .init(contentDisposition: #"attachment; filename="event.ics""#), body: .textCalendar(HTTPBody(text))))
    }

    func getCalendarFeed(_ input: Operations.GetCalendarFeed.Input) async throws -> Operations.GetCalendarFeed.Output {
        let user = try AuthenticatedUser.required()
        let secret = try await ClubCalendarFeed.secret(of: user.id, on: database)
        return .ok(.init(body: .json(.init(path: Self.calendarFeedPath + secret + ".ics"))))
    }

    func renewCalendarFeed(_ input: Operations.RenewCalendarFeed.Input) async throws -> Operations.RenewCalendarFeed.Output {
        let user = try AuthenticatedUser.required()
        let secret = try await ClubCalendarFeed.renew(for: user.id, on: database)
        return .ok(.init(body: .json(.init(path: Self.calendarFeedPath + secret + ".ics"))))
    }

    func readCalendarFeed(_ input: Operations.ReadCalendarFeed.Input) async throws -> Operations.ReadCalendarFeed.Output {
        let file = try TextInput.checked(input.path.feedFile, "feedFile", .key)
        return .ok(.init(body: .textCalendar(HTTPBody(try await ClubCalendarFeed.document(file, on: reads)))))
    }
}
