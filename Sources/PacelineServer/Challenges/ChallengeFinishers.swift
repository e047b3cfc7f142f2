import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Who finished a club challenge: their badge. A change to what a challenge counts (an
/// upload, a privacy or sport changed, a deletion, a re-measuring, a new challenge) only
/// marks it changed, in one statement inside the change's own transaction (`mark`); each
/// instance settles the changed challenges every `settlingInterval` (`settleChanged`, a
/// read of the changed index first, so an idle instance writes nothing), each at most once
/// a round, out of any user's transaction, so no upload waits for a club's standings however many
/// challenges its owner's clubs run. Settling stores those who newly finished, with that
/// instant, and takes back, while the challenge runs, the badge of a member who no longer
/// finishes (a hidden activity never counts, not even for a badge won before). Once the
/// challenge is closed (`ChallengeResults`) its finishers are kept for good, also by a
/// member who leaves.
enum ChallengeFinishers {
    /// How often each instance settles the challenges marked changed, seconds: a finisher's
    /// badge is stored within about this of the upload that made it (the standings are read live).
    static let settlingInterval: TimeInterval = 2

    /// Marks changed the open challenges of `owner`'s clubs (not hidden ones) that a change
    /// to their activity of `sport` started at `start` may move (all of them when either is nil).
    /// - Complexity: one update on the open challenges of the owner's clubs.
    static func mark(after owner: UUID, sport: Sport? = nil, start: Date? = nil, now: Date = Date(), on database: any Database) async throws {
        var conditions: [SQLQueryString] = [
            "closed_at IS NULL",
            """
            club_id IN (SELECT m.club_id FROM club_memberships AS m JOIN clubs ON clubs.id = m.club_id
                        WHERE m.user_id = \(bind: owner) AND m.status = \(bind: ClubMembership.Status.member.rawValue)
                            AND clubs.hidden_at IS NULL)
            """,
        ]
        if let sport { conditions.append("sport = \(bind: sport.rawValue)") }
        if let start { conditions.append("starts_at <= \(bind: start) AND ends_at > \(bind: start)") }
        try await database.sql.raw("""
            UPDATE club_challenges SET changed_at = COALESCE(changed_at, \(bind: now))
            WHERE \(SQLList(conditions, separator: SQLRaw(" AND ")))
            """).run()
    }

    /// Settles each challenge marked changed, at most `limit` a call: each is claimed by
    /// one statement clearing its mark, which only one instance wins; a mark made after the
    /// claim marks it again for the next round, and the settling reads after the claim, so
    /// no change is missed and none is settled twice for one mark.
    /// - Complexity: one query on the changed index, then per challenge one update and `settle`.
    static func settleChanged(limit: Int = 50, now: Date = Date(), on database: any Database) async throws {
        let changed = try await ClubChallenge.query(on: database).filter(\.$changedAt != nil).filter(\.$closedAt == nil)
            .sort(\.$changedAt).limit(limit).all()
        for challenge in changed {
            let claimed = try await database.sql.update(ClubChallenge.schema).set("changed_at", to: SQLLiteral.null)
                .where("id", .equal, try challenge.requireID()).where("changed_at", .isNot, SQLLiteral.null)
                .returning("id").all()
            guard !claimed.isEmpty else { continue }
            try await settle(challenge, now: now, on: database)
        }
    }

    /// Makes `challenge`'s stored finishers, unless it is closed, those its standings say
    /// finished: the new ones from `now` (one statement, in a fixed order, so two settling
    /// at once can't deadlock), and today's members who no longer finish removed. A segment
    /// challenge whose segment was deleted takes nothing back: its standings are gone, not its finishers'.
    /// - Complexity: the standings' query, the members' ids, one insert and one delete.
    static func settle(_ challenge: ClubChallenge, now: Date = Date(), on database: any Database) async throws {
        guard challenge.closedAt == nil, challenge.kind != .segment || challenge.segmentID != nil else { return }
        let id = try challenge.requireID()
        let entries = try await ChallengeStandings.entries(of: challenge, on: database)
        let total = ChallengeStandings.total(entries)
        let finished = Set(entries.filter { ChallengeStandings.finished($0, of: challenge, total: total) }.map(\.user))
        let stored = Set(try await ClubChallengeFinisher.query(on: database).filter(\.$challenge.$id == id).all().map(\.$user.id))
        let new = finished.subtracting(stored).sorted { $0.uuidString < $1.uuidString }
        if !new.isEmpty {
            var insert = database.sql.insert(into: ClubChallengeFinisher.schema).columns("id", "challenge_id", "user_id", "finished_at")
            for user in new { insert = insert.values(SQLBind(UUID()), SQLBind(id), SQLBind(user), SQLBind(now)) }
            try await insert.ignoringConflicts(with: ["challenge_id", "user_id"]).run()
        }
        let members = try await ClubMembership.query(on: database).filter(\.$club.$id == challenge.$club.id)
            .filter(\.$status == .member).field(\.$user.$id).all().map(\.$user.id)
        let lapsed = stored.subtracting(finished).intersection(members)
        if !lapsed.isEmpty {
            try await ClubChallengeFinisher.query(on: database).filter(\.$challenge.$id == id).filter(\.$user.$id ~~ lapsed).delete()
        }
    }

    /// The challenges `user` finished, latest first, with their clubs' names (not of a club the instance's admins hid).
    static func badges(of user: UUID, on database: any Database) async throws -> Components.Schemas.ChallengeBadgeList {
        let rows = try await ClubChallengeFinisher.query(on: database).filter(\.$user.$id == user)
            .with(\.$challenge) { $0.with(\.$club) }.sort(\.$finishedAt, .descending).all()
        return .init(badges: try rows.filter { $0.challenge.club.hiddenAt == nil }.map { row in
            let challenge = row.challenge
            return .init(challengeId: try challenge.requireID().apiID, clubId: challenge.$club.id.apiID, clubName: challenge.club.name,
                         title: challenge.title, sport: challenge.sport, kind: challenge.kind.schema, finishedAt: row.finishedAt)
        })
    }
}
