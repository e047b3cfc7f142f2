import Fluent
import SQLKit

/// `runs_owner_sport_start`: a club's leaderboard reads, for each member, their activities
/// of one sport in one week or month, and of each its privacy, whether it was deleted, and
/// the measure summed. The index holds all of these after its range (owner, sport, start),
/// so a board of 5,000 members over a million activities reads the index alone, never the
/// runs' rows (docs/PERFORMANCE.md, `paceline-bench clubs`).
struct IndexRunsForClubBoards: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            CREATE INDEX runs_owner_sport_start ON runs
                (owner_id, sport, start_time, privacy, deleted_at, credited_distance_m, moving_s, ascent_m)
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX runs_owner_sport_start").run()
    }
}
