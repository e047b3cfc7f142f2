import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Club challenges: listed and read by the club's members (`ClubAccess.member`), set and
/// deleted by its owner and admins (the rule in the statement, `ClubRules`). What counts
/// and how members stand is `ChallengeStandings`'; their badges `ChallengeFinishers`';
/// the end `ChallengeResults`'.
package enum ChallengeBook {
    /// The club's challenges running or to come, ending soonest first, then those ended,
    /// latest first; at most `limit` (and `mostListed`), each with the reader's standing.
    /// - Complexity: two queries on the club's index by end, then a challenge's standings each.
    static func list(of clubID: String, seenBy viewer: UUID, limit: Int, now: Date = Date(),
                     on database: any Database) async throws -> Components.Schemas.ClubChallengeList {
        let club = try await ClubAccess.member(clubID, viewer, on: database).club.requireID()
        let limit = min(limit, mostListed)
        let open = try await ClubChallenge.query(on: database).filter(\.$club.$id == club).filter(\.$endsAt > now)
            .sort(\.$endsAt).sort(\.$id).limit(limit).all()
        let ended = try await ClubChallenge.query(on: database).filter(\.$club.$id == club).filter(\.$endsAt <= now)
            .sort(\.$endsAt, .descending).sort(\.$id).limit(limit - open.count).all()
        let blockers = try await Blocks.blockerIDs(of: viewer, on: database)
        var challenges: [Components.Schemas.ClubChallenge] = []
        for challenge in open + ended {
            challenges.append(try await ChallengeView.schema(of: challenge, seenBy: viewer, blockers: blockers, standings: nil,
                                                             now: now, on: database))
        }
        return .init(challenges: challenges)
    }

    /// One challenge with its first `limit` standings.
    package static func challenge(_ id: String, of clubID: String, seenBy viewer: UUID, limit: Int,
                          on database: any Database) async throws -> Components.Schemas.ClubChallenge {
        let club = try await ClubAccess.member(clubID, viewer, on: database).club.requireID()
        let challenge = try await found(id, in: club, on: database)
        return try await ChallengeView.schema(of: challenge, seenBy: viewer, blockers: try await Blocks.blockerIDs(of: viewer, on: database),
                                              standings: limit, on: database)
    }

    /// How many challenges a club may have running or to come: each is counted on every
    /// read of the list and settled after each member's upload.
    static let mostOpen = 20
    /// The most challenges one read of the list computes.
    static let mostListed = 25

    /// Sets a challenge (owner and admins, the role checked again under the club's lock; at
    /// most `mostOpen` not ended, counted under it, 409 `too_many_challenges` past it); one
    /// that has started counts what was done since at once, its finishers settled soon after
    /// (marked changed, `ChallengeFinishers.settleChanged`).
    static func create(in clubID: String, _ creation: Components.Schemas.ClubChallengeCreation, by user: UUID,
                       now: Date = Date(), on database: any Database) async throws -> Components.Schemas.ClubChallenge {
        let club = try await ClubAccess.member(clubID, user, as: [.owner, .admin], on: database).club.requireID()
        let challenge = try await ChallengePlan.challenge(creation, club: club, by: user, now: now, on: database)
        challenge.changedAt = now
        try await database.lockingClub(club) { transaction in
            let role = try await transaction.sql.raw("SELECT 1 AS held WHERE \(ClubRules.holds(user, [.owner, .admin], in: club))").first()
            guard role != nil else { throw Refusal.forbidden("your role changed meanwhile: only the club's owner or admin may do this") }
            let open = try await ClubChallenge.query(on: transaction).filter(\.$club.$id == club).filter(\.$endsAt > now).count()
            guard open < mostOpen else {
                throw Refusal(.conflict, code: "too_many_challenges",
                              message: "a club has at most \(mostOpen) challenges running or to come: delete one, or wait for one to end")
            }
            try await challenge.create(on: transaction)
        }
        return try await ChallengeView.schema(of: challenge, seenBy: user, blockers: try await Blocks.blockerIDs(of: user, on: database),
                                              standings: nil, on: database)
    }

    /// Deletes a challenge and its badges (owner and admins; the role checked in the statement).
    static func delete(_ id: String, of clubID: String, by user: UUID, on database: any Database) async throws {
        let club = try await ClubAccess.member(clubID, user, as: [.owner, .admin], on: database).club.requireID()
        let challenge = try await found(id, in: club, on: database)
        let deleted = try await database.sql.delete(from: ClubChallenge.schema)
            .where("id", .equal, try challenge.requireID()).where(ClubRules.holds(user, [.owner, .admin], in: club))
            .returning("id").all()
        guard !deleted.isEmpty else { throw Refusal.conflict("your role changed meanwhile") }
        try await NotificationRow.query(on: database).filter(\.$challengeID == challenge.requireID()).delete()
    }

    /// A challenge of `kind` set in `club` by `creator` from `start` to `end`, unchecked (the
    /// benchmark's): 100 km each, or the fastest 5 km; its id.
    package static func make(_ schema: Components.Schemas.ClubChallengeKind, club: UUID, by creator: UUID, from start: Date, to end: Date,
                             on database: any Database) async throws -> String {
        let kind = ClubChallenge.Kind(schema)
        let challenge = ClubChallenge()
        challenge.$club.id = club
        challenge.createdBy = creator
        challenge.title = "Bench \(kind.rawValue)"
        challenge.description = ""
        challenge.sport = .run
        challenge.kind = kind
        challenge.goal = kind == .distance ? 100_000 : nil
        challenge.together = false
        challenge.effortMeters = kind == .fastest ? 5_000 : nil
        (challenge.startsAt, challenge.endsAt) = (start, end)
        try await challenge.create(on: database)
        return try challenge.requireID().uuidString
    }

    /// The challenge `id` of club `club`; 404 otherwise.
    static func found(_ id: String, in club: UUID, on database: any Database) async throws -> ClubChallenge {
        guard let uuid = UUID(uuidString: id),
              let challenge = try await ClubChallenge.query(on: database).filter(\.$id == uuid).filter(\.$club.$id == club).first()
        else { throw Refusal.notFound("challenge") }
        return challenge
    }
}
