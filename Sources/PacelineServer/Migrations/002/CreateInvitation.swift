import Fluent
import SQLKit

/// Invitations, indexed by host and start for the host's list. `live_session_id` names a
/// live session (no foreign key: sessions are the live hub's, not a table here).
struct CreateInvitation: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Invitation.schema)
            .id()
            .field("host_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("title", .string)
            .field("sport", .string, .required)
            .field("starts_at", .datetime, .required)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("place_name", .string)
            .field("distance_m", .double)
            .field("status", .string, .required)
            .field("live_session_id", .uuid)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.sql
            .raw("CREATE INDEX invitations_host_start ON invitations (host_id, starts_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Invitation.schema).delete()
    }
}
