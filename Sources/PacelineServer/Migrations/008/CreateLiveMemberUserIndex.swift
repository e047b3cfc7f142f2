import Fluent
import SQLKit

/// `live_members (user_id, status)`: a connecting user is sent the lobbies they are
/// invited to (`LiveSessions.invitedLobbies`), looked up by user and status. The unique
/// `(session_id, user_id)` starts with the session, so without this every connect would
/// read all of `live_members`, which only grows.
struct CreateLiveMemberUserIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("CREATE INDEX live_members_user_status ON live_members (user_id, status)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX live_members_user_status").run()
    }
}
