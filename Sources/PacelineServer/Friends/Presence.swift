import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Who is recording or in a live session right now, for their friends' Friends screen:
/// kept only for a user who shares it (`User.sharesPresence`, off until they choose), and
/// only while their app keeps saying it (each note lasts `lifetime`), so a phone that died
/// mid-run stops showing by itself.
enum Presence {
    /// How long one note shows: two of the app's one-minute notes.
    static let lifetime: TimeInterval = 120

    /// `user` is in `state` (doing `sport`) now; nothing is kept unless they share it.
    static func note(_ state: Components.Schemas.PresenceState, sport: Sport?, by user: UUID, now: Date = Date(),
                     on database: any Database) async throws {
        guard try await AccountBook.user(user, on: database).sharesPresence else { return }
        try await database.retryingTransaction { transaction in
            let row = try await PresenceRow.query(on: transaction).filter(\.$user.$id == user).first() ?? PresenceRow()
            if row.id == nil || row.state != state || row.expiresAt <= now { row.since = now }
            row.$user.id = user
            row.state = state
            row.sport = sport
            row.expiresAt = now.addingTimeInterval(lifetime)
            try await row.save(on: transaction)
        }
    }

    /// `user` stopped: their friends no longer see it.
    static func end(by user: UUID, on database: any Database) async throws {
        try await PresenceRow.query(on: database).filter(\.$user.$id == user).delete()
    }

    /// `user`'s friends who share their presence and are recording or live now, longest first.
    /// - Complexity: one query on the presence rows of the user's friends (a subquery).
    static func friends(of user: UUID, now: Date = Date(), on database: any Database) async throws -> Components.Schemas.FriendsPresent {
        let rows = try await PresenceRow.query(on: database)
            .filter(.sql(embed: "\(ident: PresenceRow.schema).user_id IN (\(Privacy.friendIDs(of: user)))"))
            .filter(\.$expiresAt > now)
            .join(User.self, on: \PresenceRow.$user.$id == \User.$id)
            .filter(User.self, \.$sharesPresence == true)
            .sort(\.$since).all()
        return .init(friends: try rows.map { row in
            let owner = try row.joined(User.self)
            return .init(user: owner.summary, state: row.state, sport: row.sport, since: row.since)
        })
    }
}
