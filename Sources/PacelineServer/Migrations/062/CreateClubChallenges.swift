import Fluent
import SQLKit

/// `club_challenges` (gone with their club; a deleted segment or creator leaves them
/// without one), `club_challenge_finishers` (one per challenge and user, unique; gone with
/// either) and `notifications.challenge_id`, the challenge a result is about. The indexes
/// serve a club's challenges by end, the open ones a run may move, those changed and not
/// yet settled (`changed_at`), and a user's badges.
struct CreateClubChallenges: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ClubChallenge.schema)
            .id()
            .field("club_id", .uuid, .required, .references(Club.schema, "id", onDelete: .cascade))
            .field("created_by", .uuid, .references(User.schema, "id", onDelete: .setNull))
            .field("title", .string, .required)
            .field("description", .string, .required)
            .field("sport", .string, .required)
            .field("kind", .string, .required)
            .field("goal", .double)
            .field("together", .bool, .required)
            .field("effort_m", .double)
            .field("segment_id", .uuid, .references(Segment.schema, "id", onDelete: .setNull))
            .field("starts_at", .datetime, .required)
            .field("ends_at", .datetime, .required)
            .field("closed_at", .datetime)
            .field("changed_at", .datetime)
            .field("created_at", .datetime)
            .create()
        try await database.schema(ClubChallengeFinisher.schema)
            .id()
            .field("challenge_id", .uuid, .required, .references(ClubChallenge.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("finished_at", .datetime, .required)
            .unique(on: "challenge_id", "user_id")
            .create()
        try await database.sql.raw("CREATE INDEX club_challenges_club_end ON club_challenges (club_id, ends_at)").run()
        try await database.sql.raw("CREATE INDEX club_challenges_open ON club_challenges (closed_at, ends_at)").run()
        try await database.sql.raw("CREATE INDEX club_challenges_changed ON club_challenges (changed_at)").run()
        try await database.sql.raw("CREATE INDEX club_challenge_finishers_user ON club_challenge_finishers (user_id, finished_at)").run()
        try await database.schema(NotificationRow.schema).field("challenge_id", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(NotificationRow.schema).deleteField("challenge_id").update()
        try await database.schema(ClubChallengeFinisher.schema).delete()
        try await database.schema(ClubChallenge.schema).delete()
    }
}
