import Fluent
import Foundation
import PacelineAPI
import SQLKit

extension ClubEventBook {
    /// Records `user`'s answer to an event (members only): one row per event and user (the
    /// unique index), the last answer counting. A cancelled or started event is refused
    /// with 409 `event_closed`.
    static func answer(_ id: String, of clubID: String, _ response: Components.Schemas.ClubEventResponse, by user: UUID,
                       now: Date = Date(), on database: any Database) async throws -> Components.Schemas.ClubEvent {
        let club = try await ClubAccess.member(clubID, user, on: database).club.requireID()
        let event = try await found(id, in: club, on: database)
        guard event.cancelledAt == nil, event.startsAt > now else {
            throw Refusal(.conflict, code: "event_closed", message: "the event is cancelled or has started")
        }
        let answer: ClubEventAnswer.Answer = switch response {
        case .yes: .yes
        case .no: .no
        case .maybe: .maybe
        }
        try await database.sql.insert(into: ClubEventAnswer.schema)
            .columns("id", "event_id", "user_id", "answer", "answered_at")
            .values(SQLBind(UUID()), SQLBind(try event.requireID()), SQLBind(user), SQLBind(answer.rawValue), SQLBind(now))
            .onConflict(with: ["event_id", "user_id"]) { conflict in
                conflict.set("answer", to: answer.rawValue).set("answered_at", to: now)
            }
            .run()
        return try await ClubEventView.schema(of: event, seenBy: user, on: database)
    }
}
