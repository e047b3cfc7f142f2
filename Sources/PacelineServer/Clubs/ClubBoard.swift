import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// A club's leaderboard: its members ranked over this week or this month in one sport, by
/// one measure, counting only the activities the viewer may see (`Privacy`'s rule in SQL),
/// so two members may see different boards. Weeks are ISO weeks and months calendar months,
/// both in UTC: a club's members live on many clocks, and a board has one
/// (`GoalProgress.window` with no offset).
package enum ClubBoard {
    /// The stretch of time a board covers, the one holding now.
    package enum Period: Sendable {
        case week, month

        /// The ISO week or calendar month (UTC) holding `now`.
        func window(containing now: Date) -> DateInterval {
            GoalProgress.window(self == .week ? .week : .month, containing: now, utcOffset: 0)
        }
    }

    /// What members are ranked by.
    package enum Measure: Sendable, CaseIterable {
        case distance, time, ascent, activities

        /// The aggregate, over `runs`.
        fileprivate var aggregate: SQLQueryString {
            switch self {
            case .distance: "SUM(runs.credited_distance_m)"
            case .time: "SUM(runs.moving_s)"
            case .ascent: "SUM(runs.ascent_m)"
            case .activities: "CAST(COUNT(*) AS DOUBLE PRECISION)"
            }
        }
    }

    /// The board of club `id` for `period` (containing `now`), `sport` and `measure`, best
    /// first, at most `limit` members; members only. Equal values share a rank.
    /// - Complexity: one aggregate over the members' activities of the sport in the period
    ///   (`runs_owner_sport_start` or `runs_sport_start`), with the viewer's friends and club-mates by subquery.
    package static func board(of id: String, seenBy viewer: UUID, period: Period, sport: Sport, measure: Measure, limit: Int,
                      now: Date = Date(), on database: any Database) async throws -> Components.Schemas.ClubLeaderboard {
        let clubID = try await ClubAccess.member(id, viewer, on: database).club.requireID()
        let window = period.window(containing: now)
        let rows = try await database.sql.raw(statement(of: clubID, seenBy: viewer, window: window, sport: sport,
                                                        measure: measure, limit: limit)).all()
        let values = try rows.map { try $0.decode(column: "value", as: Double.self) }
        let standings = try zip(rows, zip(values, SharedRanks.of(values))).map { row, place -> Components.Schemas.ClubStanding in
            .init(rank: place.1, user: .init(id: try row.decode(column: "owner_id", as: UUID.self).apiID,
                                             displayName: try row.decode(column: "display_name", as: String.self)),
                  value: place.0, activities: try row.decode(column: "activities", as: Int.self))
        }
        return .init(period: period.schema, sport: sport, measure: measure.schema, from: window.start, to: window.end,
                     standings: standings)
    }

    /// How the database runs this month's distance board for runs in club `club` read by
    /// `viewer` (`EXPLAIN`, or SQLite's `EXPLAIN QUERY PLAN`), a line a step: for the benchmark.
    package static func plan(of club: UUID, seenBy viewer: UUID, postgres: Bool, on database: any Database) async throws -> String {
        let query = statement(of: club, seenBy: viewer, window: Period.month.window(containing: Date()), sport: .run,
                              measure: .distance, limit: 50)
        return try await database.sql.raw("\(unsafeRaw: postgres ? "EXPLAIN" : "EXPLAIN QUERY PLAN") \(query)").all().map { row in
            (try? row.decode(column: "QUERY PLAN", as: String.self)) ?? (try? row.decode(column: "detail", as: String.self)) ?? ""
        }.joined(separator: " | ")
    }

    /// The one aggregate of a board: the members' activities of `sport` in `window` that
    /// `viewer` may see, summed by member, best first; the names only of those shown.
    private static func statement(of club: UUID, seenBy viewer: UUID, window: DateInterval, sport: Sport, measure: Measure,
                                  limit: Int) -> SQLQueryString {
        let visible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "runs"),
                                        privacy: SQLColumn("privacy", table: "runs"))
        return """
            SELECT board.owner_id, users.display_name, board.value, board.activities
            FROM (SELECT runs.owner_id, \(measure.aggregate) AS value, COUNT(*) AS activities
                  FROM club_memberships AS m JOIN runs ON runs.owner_id = m.user_id
                  WHERE m.club_id = \(bind: club) AND m.status = \(bind: ClubMembership.Status.member.rawValue)
                      AND runs.sport = \(bind: sport.rawValue)
                      AND runs.start_time >= \(bind: window.start) AND runs.start_time < \(bind: window.end)
                      AND runs.deleted_at IS NULL AND \(visible)
                  GROUP BY runs.owner_id
                  ORDER BY value DESC, runs.owner_id
                  LIMIT \(literal: limit)) AS board
            JOIN users ON users.id = board.owner_id
            ORDER BY board.value DESC, board.owner_id
            """
    }
}
