import Fluent
import SQLKit

/// `live_members.seen_at`: when an instance last held the member's connection in the
/// lobby (`LiveLobbyPresence`), so any instance can send back to invited a member whose
/// connection is gone. Indexed by `(status, seen_at)`: every instance looks for absent
/// lobby members every few seconds, and the lobby's few rows are found by status.
struct AddLiveMemberSeenAt: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LiveMember.schema).field("seen_at", .datetime).update()
        try await database.sql.raw("CREATE INDEX live_members_status_seen ON live_members (status, seen_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX live_members_status_seen").run()
        try await database.schema(LiveMember.schema).deleteField("seen_at").update()
    }
}
