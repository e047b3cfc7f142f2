import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Who finished a club challenge: their badge, stored when a change to what counts
/// (an upload, a privacy or sport changed, a deletion, a re-measuring) makes them finish,
/// with that instant; taken back while the challenge runs if a change makes them no longer
/// finish (a hidden activity never counts, not even for a badge won before). Once the
/// challenge is closed (`ChallengeResults`), its finishers are kept for good, also by a
/// member who leaves.
enum ChallengeFinishers {
    /// Makes `challenge`'s stored finishers, unless it is closed, those its standings say
    /// finished: the new ones from `now`, and today's members who no longer finish removed.
    /// Two settling at once store one row each (the unique index).
    /// - Complexity: the standings' query, the members' ids, one insert per new finisher and one delete.
    static func settle(_ challenge: ClubChallenge, now: Date = Date(), on database: any Database) async throws {
        guard challenge.closedAt == nil else { return }
        let id = try challenge.requireID()
        let entries = try await ChallengeStandings.entries(of: challenge, on: database)
        let total = ChallengeStandings.total(entries)
        let finished = Set(entries.filter { ChallengeStandings.finished($0, of: challenge, total: total) }.map(\.user))
        let stored = Set(try await ClubChallengeFinisher.query(on: database).filter(\.$challenge.$id == id).all().map(\.$user.id))
        for user in finished.subtracting(stored) {
            try await database.sql.insert(into: ClubChallengeFinisher.schema)
                .columns("id", "challenge_id", "user_id", "finished_at")
                .values(SQLBind(UUID()), SQLBind(id), SQLBind(user), SQLBind(now))
                .ignoringConflicts(with: ["challenge_id", "user_id"])
                .run()
        }
        let members = try await ClubMembership.query(on: database).filter(\.$club.$id == challenge.$club.id)
            .filter(\.$status == .member).field(\.$user.$id).all().map(\.$user.id)
        let lapsed = stored.subtracting(finished).intersection(members)
        if !lapsed.isEmpty {
            try await ClubChallengeFinisher.query(on: database).filter(\.$challenge.$id == id).filter(\.$user.$id ~~ lapsed).delete()
        }
    }

    /// Settles the open challenges of `owner`'s clubs that a change to their activity of
    /// `sport` started at `start` may move (each of them, when either is nil).
    /// - Complexity: one query for the challenges, on the clubs' index by end; then `settle` each.
    static func settle(after owner: UUID, sport: Sport? = nil, start: Date? = nil, now: Date = Date(), on database: any Database) async throws {
        let clubs = try await ClubMembership.query(on: database).filter(\.$user.$id == owner).filter(\.$status == .member)
            .field(\.$club.$id).all().map(\.$club.id)
        guard !clubs.isEmpty else { return }
        var query = ClubChallenge.query(on: database).filter(\.$club.$id ~~ clubs).filter(\.$closedAt == nil)
        if let sport { query = query.filter(\.$sport == sport) }
        if let start { query = query.filter(\.$startsAt <= start).filter(\.$endsAt > start) }
        for challenge in try await query.all() {
            try await settle(challenge, now: now, on: database)
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
