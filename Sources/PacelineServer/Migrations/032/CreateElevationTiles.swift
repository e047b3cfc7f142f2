import Fluent

/// `elevation_tiles`: the tiles of a digital elevation model an operator imported
/// (`paceline dem import`), gzipped, by name (`N55W005`). In the database, so every
/// instance has the same.
struct CreateElevationTiles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(StoredElevationTile.schema)
            .field("name", .string, .identifier(auto: false))
            .field("samples_per_side", .int, .required)
            .field("bytes", .data, .required)
            .field("imported_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(StoredElevationTile.schema).delete()
    }
}
