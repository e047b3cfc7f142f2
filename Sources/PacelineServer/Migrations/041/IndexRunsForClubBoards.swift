import Fluent
import SQLKit

/// What a club's leaderboard reads, in two indexes: the members' activities of one sport in
/// one week or month, and of each its privacy, whether it was deleted, and the measures.
/// Both hold all of these after their range, so a board reads an index alone, never the
/// runs' rows: `runs_owner_sport_start` a member at a time (a small club), and
/// `runs_sport_start` the period's activities of the sport at once, joined to the members
/// (a big one; PostgreSQL's plan for 5,000 members). Each database's planner chooses by
/// the club's size (docs/PERFORMANCE.md, `paceline-bench clubs`).
struct IndexRunsForClubBoards: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            CREATE INDEX runs_owner_sport_start ON runs
                (owner_id, sport, start_time, privacy, deleted_at, credited_distance_m, moving_s, ascent_m)
            """).run()
        try await database.sql.raw("""
            CREATE INDEX runs_sport_start ON runs
                (sport, start_time, owner_id, privacy, deleted_at, credited_distance_m, moving_s, ascent_m)
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX runs_sport_start").run()
        try await database.sql.raw("DROP INDEX runs_owner_sport_start").run()
    }
}
