import Fluent
import SQLKit

/// Fix chunks, the join failures (counted since 010 by `AttemptLimiter`; 010 drops the
/// table), and the indexes the live hub reads by.
struct CreateLiveFixChunk: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LiveFixChunk.schema)
            .id()
            .field("owner_id", .uuid, .required)
            .field("first_sequence", .int, .required)
            .field("last_sequence", .int, .required)
            .field("fixes", .data, .required)
            .create()
        try await database.schema("live_join_failures")
            .id()
            .field("user_id", .uuid, .required)
            .field("at", .datetime, .required)
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX live_fix_chunks_owner ON live_fix_chunks (owner_id, first_sequence)").run()
        try await sql.raw("CREATE INDEX live_join_failures_user ON live_join_failures (user_id, at)").run()
        try await sql.raw("CREATE INDEX live_sessions_code ON live_sessions (code)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("live_join_failures").delete()
        try await database.schema(LiveFixChunk.schema).delete()
    }
}
