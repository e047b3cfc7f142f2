import Fluent
import SQLKit

/// `pictures`: the images the loaded data names, fetched once and kept (`Picture`); one row
/// per address, and the waiting ones found by when they are due. `pois.photo_credit`: who
/// took a plaque's photo and its licence, without which the photo is not copied.
struct CreatePictures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Picture.schema)
            .id()
            .field("url", .string, .required)
            .field("state", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("last_error", .string)
            .field("content_type", .string)
            .field("bytes", .data)
            .field("sha256", .string)
            .field("fetched_at", .datetime)
            .field("created_at", .datetime)
            .unique(on: "url")
            .create()
        try await database.sql.raw("CREATE INDEX pictures_due ON pictures (state, next_attempt_at)").run()
        try await database.schema(PointOfInterestRow.schema).field("photo_credit", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PointOfInterestRow.schema).deleteField("photo_credit").update()
        try await database.schema(Picture.schema).delete()
    }
}
