import Fluent
import SQLKit

/// `reports` of comments and clubs to the instance's admins, one per reporter and comment
/// or club (unique), gone with the comment or the reporter's account (a club's with the
/// club, `ClubBook.delete`: the clubs come later, in 040); and the users' `is_admin` (set
/// with `paceline admin grant`) and `suspended_at` (an admin's ban).
struct CreateReports: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Report.schema)
            .id()
            .field("reporter_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("comment_id", .uuid, .references(Comment.schema, "id", onDelete: .cascade))
            .field("club_id", .uuid)
            .field("reason", .string)
            .field("created_at", .datetime)
            .field("decided_at", .datetime)
            .field("decision", .string)
            .unique(on: "reporter_id", "comment_id")
            .unique(on: "reporter_id", "club_id")
            .create()
        try await database.sql.create(index: "reports_comment").on(Report.schema).column("comment_id").run()
        try await database.schema(User.schema).field("is_admin", .bool, .required, .sql(.default(false))).update()
        try await database.schema(User.schema).field("suspended_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("suspended_at").update()
        try await database.schema(User.schema).deleteField("is_admin").update()
        try await database.schema(Report.schema).delete()
    }
}
