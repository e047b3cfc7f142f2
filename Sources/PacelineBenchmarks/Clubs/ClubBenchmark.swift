import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import PacelineHarness
import PacelineServer
import PacelineSynthetic
import SQLKit

/// The benchmark behind `paceline-bench clubs`: one club of `members` members, who hold
/// `activities` activities over the last two years (bulk SQL inserts), in every privacy
/// (40 % public, 20 % friends, 25 % friends and clubs, 15 % private) and three sports;
/// the reader a member with 50 friends among them. Then the club's leaderboard read as the
/// app reads it (`ClubBoard.board`), `queries` times, for each period, sport and measure
/// in turn, after a few untimed reads; then this month's challenges of the club, a total
/// and a fastest 5 km, read as a member reads them (`ChallengeBook.challenge`).
public enum ClubBenchmark {
    public struct Report: Sendable {
        public var database: String
        public var insertSeconds: Double
        /// Milliseconds per board.
        public var boards: BrowseBenchmark.Latencies
        /// The query plan of this month's distance board for runs.
        public var plan: String
        /// Milliseconds per read of this month's challenges: a total distance, and the
        /// fastest 5 km (from the best efforts' JSON).
        public var totalChallenge: BrowseBenchmark.Latencies
        public var fastestChallenge: BrowseBenchmark.Latencies
    }

    static let warmUp = 5

    public static func run(members: Int, activities: Int, queries: Int, database: DatabaseLocation?, seed: UInt64 = 1,
                           progress: @escaping @Sendable (String) -> Void) async throws -> Report {
        let location = try ThrowawayDatabase.location(database, for: "clubs")
        do {
            let report = try await measure(members: members, activities: activities, queries: queries, location: location,
                                           seed: seed, progress: progress)
            await ThrowawayDatabase.remove(location)
            return report
        } catch {
            await ThrowawayDatabase.remove(location)
            throw error
        }
    }

    private static func measure(members: Int, activities: Int, queries: Int, location: DatabaseLocation, seed: UInt64,
                                progress: @escaping @Sendable (String) -> Void) async throws -> Report {
        try await location.withApplication { app in
            let sql = app.db.sql
            let insertStart = ContinuousClock.now
            let users = try await makeUsers(members, on: app.db)
            let clubID = try await makeClub(of: users, on: sql)
            try await befriend(users[0], users[1...50], on: sql)
            progress("\(members) members in a club; inserting \(activities) activities")
            var random = SeededRandom(seed: seed)
            try await insertActivities(activities, of: users, random: &random, on: sql, progress: progress)
            let insertSeconds = (ContinuousClock.now - insertStart).seconds
            if case .postgres = location { try await sql.raw("VACUUM ANALYZE").run() } else { try await sql.raw("ANALYZE").run() }
            progress(String(format: "inserted in %.0f s; reading boards", insertSeconds))

            let viewer = users[0]
            var boards = BrowseBenchmark.Latencies()
            let kinds: [(ClubBoard.Period, Sport, ClubBoard.Measure)] = [ClubBoard.Period.week, .month].flatMap { period in
                [Sport.run, .walk, .ride].flatMap { sport in ClubBoard.Measure.allCases.map { (period, sport, $0) } }
            }
            for round in 0..<(queries + warmUp) {
                let (period, sport, measure) = kinds[round % kinds.count]
                let begin = ContinuousClock.now
                let board = try await ClubBoard.board(of: clubID.uuidString, seenBy: viewer, period: period, sport: sport,
                                                      measure: measure, limit: 50, on: app.db)
                if round >= warmUp { boards.add(ContinuousClock.now - begin, items: board.standings.count) }
            }
            progress("reading challenges")
            let plan = try await ClubBoard.plan(of: clubID, seenBy: viewer, postgres: location.kind == "postgres", on: app.db)
            return Report(database: location.kind, insertSeconds: insertSeconds, boards: boards, plan: plan,
                          totalChallenge: try await challengeReads(.distance, club: clubID, viewer: viewer, queries: queries / 4, on: app.db),
                          fastestChallenge: try await challengeReads(.fastest, club: clubID, viewer: viewer, queries: queries / 4, on: app.db))
        }
    }

    /// `queries` reads (after a few untimed) of a challenge of `kind` over this month (UTC):
    /// 100 km each, or the fastest 5 km; the standings' first 50 places, as the app asks.
    private static func challengeReads(_ kind: Components.Schemas.ClubChallengeKind, club: UUID, viewer: UUID, queries: Int,
                                       on database: any Database) async throws -> BrowseBenchmark.Latencies {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let month = calendar.dateInterval(of: .month, for: Date()) else { return BrowseBenchmark.Latencies() }
        let challenge = try await ChallengeBook.make(kind, club: club, by: viewer, from: month.start, to: month.end, on: database)
        var latencies = BrowseBenchmark.Latencies()
        for round in 0..<(queries + warmUp) {
            let begin = ContinuousClock.now
            let read = try await ChallengeBook.challenge(challenge, of: club.uuidString, seenBy: viewer, limit: 50, on: database)
            if round >= warmUp { latencies.add(ContinuousClock.now - begin, items: read.participants) }
        }
        return latencies
    }

    private static func makeUsers(_ count: Int, on database: any Database) async throws -> [UUID] {
        var ids: [UUID] = []
        for batch in stride(from: 0, to: count, by: 500) {
            let users = (batch..<min(count, batch + 500)).map {
                User(email: "member\($0)@bench.paceline.invalid", passwordHash: "-", displayName: "Member \($0)")
            }
            try await users.create(on: database)
            ids += try users.map { try $0.requireID() }
        }
        return ids
    }

    private static func makeClub(of users: [UUID], on sql: any SQLDatabase) async throws -> UUID {
        let clubID = UUID()
        try await sql.raw("""
            INSERT INTO clubs (id, name, search_name, description, admission, invitation_secret, created_at)
            VALUES (\(bind: clubID), 'Bench Runners', 'bench runners', '', 'invitation', \(bind: "cl_\(UUID().uuidString)"), \(bind: Date()))
            """).run()
        for batch in stride(from: 0, to: users.count, by: 1_000) {
            let rows = users[batch..<min(users.count, batch + 1_000)].enumerated().map { offset, user -> SQLQueryString in
                let role = batch + offset == 0 ? "owner" : "member"
                return "(\(bind: UUID()), \(bind: clubID), \(bind: user), 'member', \(unsafeRaw: "'\(role)'"), \(bind: Date()))"
            }
            try await sql.raw("""
                INSERT INTO club_memberships (id, club_id, user_id, status, role, since) VALUES \(SQLList(rows, separator: SQLRaw(", ")))
                """).run()
        }
        return clubID
    }

    private static func befriend(_ user: UUID, _ friends: ArraySlice<UUID>, on sql: any SQLDatabase) async throws {
        let rows = friends.map { friend -> SQLQueryString in
            let (low, high) = user.uuidString < friend.uuidString ? (user, friend) : (friend, user)
            return "(\(bind: UUID()), \(bind: low), \(bind: high), \(bind: user), 'accepted', \(bind: Date()), \(bind: Date()), \(bind: Date()))"
        }
        try await sql.raw("""
            INSERT INTO friendships (id, user_low_id, user_high_id, requester_id, status, accepted_at, created_at, updated_at)
            VALUES \(SQLList(rows, separator: SQLRaw(", ")))
            """).run()
    }

    private static func insertActivities(_ count: Int, of users: [UUID], random: inout SeededRandom, on sql: any SQLDatabase,
                                         progress: @Sendable (String) -> Void) async throws {
        let now = Date(), span = 730.0 * 86_400
        let privacies = [(Privacy.public, 40), (.friends, 20), (.friendsAndClubs, 25), (.private, 15)].flatMap { Array(repeating: $0.0, count: $0.1) }
        let sports = [(Sport.run, 7), (.walk, 2), (.ride, 1)].flatMap { Array(repeating: $0.0, count: $0.1) }
        let batchSize = 2_000
        for batch in stride(from: 0, to: count, by: batchSize) {
            var rows: [SQLQueryString] = []
            for _ in batch..<min(count, batch + batchSize) {
                let owner = users[Int.random(in: 0..<users.count, using: &random)]
                let start = now.addingTimeInterval(-Double.random(in: 0..<span, using: &random))
                let metres = Double.random(in: 2_000...21_000, using: &random), seconds = metres / 3
                let pace = Double.random(in: 2.5...4, using: &random)  // m/s, its best efforts' speed
                let efforts = BestEffort.recordDistances.filter { $0.meters <= metres }
                    .map { #"{"distanceMeters":\#($0.meters),"seconds":\#(($0.meters / pace).rounded())}"# }
                let sport = sports[Int.random(in: 0..<sports.count, using: &random)]
                let privacy = privacies[Int.random(in: 0..<privacies.count, using: &random)]
                rows.append("""
                    (\(bind: UUID()), \(bind: owner), \(unsafeRaw: "'\(sport.rawValue)'"), \(unsafeRaw: "'\(privacy.rawValue)'"), 'gpx',
                     \(bind: start), 0, \(bind: metres), \(bind: metres), \(bind: seconds), \(bind: seconds), \(bind: metres / 100),
                     \(bind: metres / 100), 0, '[]', \(bind: "[\(efforts.joined(separator: ","))]"), \(bind: Data()))
                    """)
            }
            try await sql.raw("""
                INSERT INTO runs (id, owner_id, sport, privacy, format, start_time, points, distance_m, credited_distance_m,
                                  elapsed_s, moving_s, ascent_m, descent_m, calories, splits, best_efforts, track)
                VALUES \(SQLList(rows, separator: SQLRaw(", ")))
                """).run()
            if (batch / batchSize) % 50 == 49 { progress("\(batch + batchSize) activities") }
        }
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
