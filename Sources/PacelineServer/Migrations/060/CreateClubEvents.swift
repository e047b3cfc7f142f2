import Fluent
import SQLKit

/// `club_events` (gone with their club; a deleted route leaves them without one) and
/// `club_event_answers` (one per event and user, unique; gone with either). The indexes
/// serve a club's upcoming events by time and a user's answers (their calendar feed).
struct CreateClubEvents: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ClubEvent.schema)
            .id()
            .field("club_id", .uuid, .required, .references(Club.schema, "id", onDelete: .cascade))
            .field("title", .string, .required)
            .field("description", .string, .required)
            .field("starts_at", .datetime, .required)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("place_name", .string)
            .field("route_id", .uuid, .references(Route.schema, "id", onDelete: .setNull))
            .field("pace_groups", .string, .required)
            .field("cancelled_at", .datetime)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(ClubEventAnswer.schema)
            .id()
            .field("event_id", .uuid, .required, .references(ClubEvent.schema, "id", onDelete: .cascade))
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("answer", .string, .required)
            .field("answered_at", .datetime, .required)
            .unique(on: "event_id", "user_id")
            .create()
        try await database.sql.raw("CREATE INDEX club_events_club_start ON club_events (club_id, starts_at)").run()
        try await database.sql.raw("CREATE INDEX club_event_answers_user ON club_event_answers (user_id, answer)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ClubEventAnswer.schema).delete()
        try await database.schema(ClubEvent.schema).delete()
    }
}
