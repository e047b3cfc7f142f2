import Fluent
import SQLKit

/// The guests of invitations: one row per invitation and guest (unique), indexed by guest
/// for the lists of invitations received.
struct CreateInvitationGuest: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InvitationGuest.schema)
            .id()
            .field("invitation_id", .uuid, .required, .references(Invitation.schema, "id", onDelete: .cascade))
            .field("guest_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("response", .string, .required)
            .field("responded_at", .datetime)
            .field("created_at", .datetime)
            .unique(on: "invitation_id", "guest_id")
            .create()
        try await database.sql
            .raw("CREATE INDEX invitation_guests_guest ON invitation_guests (guest_id, invitation_id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(InvitationGuest.schema).delete()
    }
}
