import Fluent
import Foundation
import PacelineCore
import SQLKit

/// One member's standing in a challenge, before it is ranked for a reader.
struct ChallengeEntry: Sendable, Equatable {
    let user: UUID
    /// Their total (metres or seconds), or their fastest time (seconds).
    var value: Double
    /// The activities that counted (with an effort, for the fastest kinds).
    var activities: Int
    /// The activity of the fastest time.
    var runID: UUID?
    /// A segment through the member's privacy zone: their time is shown to them alone.
    var onlyToThemselves = false
}

/// What a challenge counts, and each member's standing by it: the activities of its sport
/// that its members (today's) started within its dates and let the whole club see
/// (`public` or `friends_and_clubs`), not deleted. The same for every reader, so that a
/// finisher is one for all; a private or friends-only activity never counts, whoever reads
/// (the property `ChallengeHiddenTests` checks).
enum ChallengeStandings {
    /// The privacies a challenge counts.
    static let counted: [Privacy] = [.public, .friendsAndClubs]

    /// Every member's entry with at least one counted activity, best first (ties by user).
    /// - Complexity: one query over the members' activities of the sport in the dates
    ///   (`runs_owner_sport_start`), which for a fastest time reads each one's best efforts
    ///   (JSON, by the database's own functions) and keeps each member's fastest; a segment
    ///   reads its efforts by the segment's index. Names are not read: a reader is shown a
    ///   few standings (`ChallengeView`), not thousands.
    static func entries(of challenge: ClubChallenge, on database: any Database) async throws -> [ChallengeEntry] {
        let entries: [ChallengeEntry]
        switch challenge.kind {
        case .distance: entries = try await totals(of: challenge, "runs.credited_distance_m", on: database)
        case .time: entries = try await totals(of: challenge, "runs.moving_s", on: database)
        case .ascent: entries = try await totals(of: challenge, "runs.ascent_m", on: database)
        case .fastest: entries = try await fastest(of: challenge, on: database)
        case .segment: entries = try await segment(of: challenge, on: database)
        }
        let fewestFirst = challenge.kind.fewestFirst
        return entries.sorted { a, b in
            a.value != b.value ? (fewestFirst ? a.value < b.value : a.value > b.value) : a.user.uuidString < b.user.uuidString
        }
    }

    /// The club's total: what a goal together is measured against.
    static func total(_ entries: [ChallengeEntry]) -> Double {
        entries.reduce(0) { $0 + $1.value }
    }

    /// Whether `entry` finished `challenge`, whose members' `total` is given (together: all
    /// who added something to it, once it reaches the goal).
    static func finished(_ entry: ChallengeEntry, of challenge: ClubChallenge, total: Double) -> Bool {
        guard entry.activities > 0 else { return false }
        if challenge.kind.fewestFirst { return challenge.goal.map { entry.value <= $0 } ?? true }
        guard let goal = challenge.goal, entry.value > 0 else { return false }
        return (challenge.together ? total : entry.value) >= goal
    }

    /// The condition on `runs` (joined to the club's memberships as `m`) of what counts.
    private static func counts(_ challenge: ClubChallenge) throws -> SQLQueryString {
        """
            m.club_id = \(bind: challenge.$club.id) AND m.status = \(bind: ClubMembership.Status.member.rawValue)
            AND runs.sport = \(bind: challenge.sport.rawValue)
            AND runs.start_time >= \(bind: challenge.startsAt) AND runs.start_time < \(bind: challenge.endsAt)
            AND runs.deleted_at IS NULL
            AND runs.privacy IN (\(SQLList(counted.map { SQLBind($0.rawValue) })))
            """
    }

    private static func totals(of challenge: ClubChallenge, _ column: String, on database: any Database) async throws -> [ChallengeEntry] {
        let rows = try await database.sql.raw("""
            SELECT runs.owner_id, SUM(\(unsafeRaw: column)) AS value, COUNT(*) AS activities
            FROM club_memberships AS m JOIN runs ON runs.owner_id = m.user_id
            WHERE \(try counts(challenge))
            GROUP BY runs.owner_id
            """).all()
        return try rows.map { row in
            ChallengeEntry(user: try row.decode(column: "owner_id", as: UUID.self),
                           value: max(0, try row.decode(column: "value", as: Double?.self) ?? 0),
                           activities: try row.decode(column: "activities", as: Int.self))
        }
    }

    /// Each member's fastest time over the distance: the least of their activities' best
    /// efforts over it, with the activity, and how many of their activities have one.
    private static func fastest(of challenge: ClubChallenge, on database: any Database) async throws -> [ChallengeEntry] {
        guard let meters = challenge.effortMeters else { return [] }
        let seconds: SQLQueryString = database.sql.dialect.name == "postgresql"
            ? """
                (SELECT MIN((e ->> 'seconds')::float8) FROM json_array_elements(runs.best_efforts::json) AS e
                 WHERE (e ->> 'distanceMeters')::float8 = \(bind: meters))
                """
            : """
                (SELECT MIN(json_extract(e.value, '$.seconds')) FROM json_each(runs.best_efforts) AS e
                 WHERE json_extract(e.value, '$.distanceMeters') = \(bind: meters))
                """
        let rows = try await database.sql.raw("""
            SELECT owner_id, run_id, seconds, activities FROM (
                SELECT owner_id, run_id, seconds,
                       ROW_NUMBER() OVER (PARTITION BY owner_id ORDER BY seconds, run_id) AS place,
                       COUNT(*) OVER (PARTITION BY owner_id) AS activities
                FROM (SELECT runs.owner_id, runs.id AS run_id, \(seconds) AS seconds
                      FROM club_memberships AS m JOIN runs ON runs.owner_id = m.user_id
                      WHERE \(try counts(challenge))) AS efforts
                WHERE seconds > 0) AS fastest
            WHERE place = 1
            """).all()
        return try rows.map { row in
            ChallengeEntry(user: try row.decode(column: "owner_id", as: UUID.self), value: try row.decode(column: "seconds", as: Double.self),
                           activities: try row.decode(column: "activities", as: Int.self), runID: try row.decode(column: "run_id", as: UUID.self))
        }
    }

    private static func segment(of challenge: ClubChallenge, on database: any Database) async throws -> [ChallengeEntry] {
        guard let id = challenge.segmentID, let segment = try await Segment.find(id, on: database), let path = segment.path() else { return [] }
        let rows = try await database.sql.raw("""
            SELECT segment_efforts.run_id, runs.owner_id, users.privacy_zones, segment_efforts.elapsed_s
            FROM segment_efforts JOIN runs ON runs.id = segment_efforts.run_id
            JOIN club_memberships AS m ON m.user_id = runs.owner_id JOIN users ON users.id = m.user_id
            WHERE segment_efforts.segment_id = \(bind: id) AND \(try counts(challenge))
            """).all()
        var best: [UUID: ChallengeEntry] = [:]
        for row in rows {
            let runner = try row.decode(column: "owner_id", as: UUID.self)
            let first = best[runner] == nil
            best[runner] = faster(best[runner], than: try row.decode(column: "elapsed_s", as: Double.self),
                                  run: try row.decode(column: "run_id", as: UUID.self), runner: runner)
            if first {  // the runner's zones, the same on each of their rows
                best[runner]?.onlyToThemselves = path.passes(through: User.privacyZones(stored: try row.decode(column: "privacy_zones", as: String?.self)))
            }
        }
        return Array(best.values)
    }

    /// `entry` with one more effort, of `seconds` in `run`: the faster of the two kept.
    private static func faster(_ entry: ChallengeEntry?, than seconds: Double, run: UUID, runner: UUID) -> ChallengeEntry {
        guard var entry else { return ChallengeEntry(user: runner, value: seconds, activities: 1, runID: run) }
        entry.activities += 1
        if seconds < entry.value { (entry.value, entry.runID) = (seconds, run) }
        return entry
    }
}
