import Fluent
import SQLKit

/// `run_photos`: the photos on activities (gone with their run), by run and place.
struct CreateRunPhotos: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(RunPhoto.schema)
            .id()
            .field("run_id", .uuid, .required, .references(Run.schema, "id", onDelete: .cascade))
            .field("position", .int, .required)
            .field("width", .int, .required)
            .field("height", .int, .required)
            .field("screen", .data, .required)
            .field("thumbnail", .data, .required)
            .field("created_at", .datetime)
            .unique(on: "run_id", "position")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RunPhoto.schema).delete()
    }
}
