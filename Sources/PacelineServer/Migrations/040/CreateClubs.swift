import Fluent
import SQLKit

/// `clubs` and `club_memberships`: one membership row per club and user (unique), one
/// owner per club (a partial unique index), both gone with the club; a user's rows go with
/// their account. The indexes serve the privacy rule's club-mates subquery (by user, then
/// by club) and the search of open clubs by name.
struct CreateClubs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Club.schema)
            .id()
            .field("name", .string, .required)
            .field("search_name", .string, .required)
            .field("description", .string, .required)
            .field("admission", .string, .required)
            .field("invitation_secret", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "invitation_secret")
            .create()
        try await database.schema(ClubMembership.schema)
            .id()
            .field("club_id", .uuid, .required, .references(Club.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("status", .string, .required)
            .field("role", .string, .required)
            .field("since", .datetime, .required)
            .unique(on: "club_id", "user_id")
            .create()
        let sql = database.sql
        try await sql.raw("CREATE INDEX clubs_admission_search ON clubs (admission, search_name)").run()
        try await sql.raw("CREATE INDEX club_memberships_user ON club_memberships (user_id, status, club_id)").run()
        try await sql.raw("CREATE INDEX club_memberships_club ON club_memberships (club_id, status, user_id)").run()
        try await sql.raw("CREATE UNIQUE INDEX club_memberships_one_owner ON club_memberships (club_id) WHERE role = 'owner'").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ClubMembership.schema).delete()
        try await database.schema(Club.schema).delete()
    }
}
