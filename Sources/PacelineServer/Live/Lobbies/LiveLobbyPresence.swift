import Fluent
import Foundation
import PacelineAPI

/// Who is still in a lobby. Connections are per instance but members are in the
/// database, so presence is kept there: every `LiveSettings.presenceInterval` each
/// instance stamps `seen_at` on the lobby members it holds a connection for (`touch`),
/// then sends back to invited the lobby members no instance stamped for longer than
/// `LiveSettings.lobbyGrace` (`demoteAbsent`). A socket's close needs no handling (its
/// member is simply no longer stamped), a member who reconnects through another instance
/// is stamped there, and the members of an instance that crashed are demoted by the others.
enum LiveLobbyPresence {
    typealias Status = LiveSessionState.Member.Status

    /// Ids in one `UPDATE` at most: an instance may hold tens of thousands of racers, and
    /// SQLite takes 32,766 bound values per statement, PostgreSQL 65,535.
    static let membersPerStatement = 1_000

    /// Marks `members` seen at `now`: those in a lobby (a racer's place does not depend on it).
    ///
    /// - Complexity: one `UPDATE` by primary key per `membersPerStatement` members.
    static func touch(_ members: [UUID], on database: any Database, now: Date = Date()) async throws {
        for start in stride(from: 0, to: members.count, by: membersPerStatement) {
            try await LiveMember.query(on: database).filter(\.$id ~~ members[start..<min(start + membersPerStatement, members.count)])
                .filter(\.$status ~~ [Status.joined, Status.ready])
                .set(\.$seenAt, to: now).update()
        }
    }

    /// Sends back to invited the lobby members whom no instance has seen since
    /// `now - settings.lobbyGrace`, as `leave` would; returns their sessions.
    ///
    /// `joined` and `ready` are lobby statuses: the start turns the ready into runners in
    /// its transaction, so a started session has no such member but one who joined at the
    /// instant of the start, who is not in the race and rightly goes back to invited too.
    /// Not joining `live_sessions` keeps the query on the index alone. The `UPDATE`
    /// repeats the test, so a member who rejoined (anywhere) since the query keeps their
    /// place; two instances demoting at once both return the session, and its members
    /// just hear of it twice. At most `membersPerStatement` a round (the first round after
    /// migration 009 finds every lobby ever abandoned); the rest go in the next rounds.
    ///
    /// - Complexity: one query on `live_members (status, seen_at)` and one `UPDATE`.
    static func demoteAbsent(settings: LiveSettings, on database: any Database, now: Date = Date()) async throws -> Set<UUID> {
        let cutoff = now.addingTimeInterval(-settings.lobbyGrace)
        let lobby = [Status.joined, Status.ready]
        let absent = try await LiveMember.query(on: database)
            .filter(\.$status ~~ lobby)
            .group(.or) { $0.filter(\.$seenAt == nil).filter(\.$seenAt < cutoff) }
            .limit(membersPerStatement)
            .all()
        guard !absent.isEmpty else { return [] }
        try await LiveMember.query(on: database).filter(\.$id ~~ absent.compactMap(\.id))
            .filter(\.$status ~~ lobby)
            .group(.or) { $0.filter(\.$seenAt == nil).filter(\.$seenAt < cutoff) }
            .set(\.$status, to: Status.invited).set(\.$seenAt, to: nil).update()
        return Set(absent.map(\.$session.id))
    }
}
