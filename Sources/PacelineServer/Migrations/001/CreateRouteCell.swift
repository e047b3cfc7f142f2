import Fluent
import SQLKit

/// The layered grid browsing answers from: per layer and cell, how many public routes
/// start there and the sums of their start coordinates (for the centroid).
struct CreateRouteCell: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("""
            CREATE TABLE route_cells (
                level INTEGER NOT NULL,
                x INTEGER NOT NULL,
                y INTEGER NOT NULL,
                count INTEGER NOT NULL,
                lat_sum DOUBLE PRECISION NOT NULL,
                lon_sum DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (level, x, y)
            )
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP TABLE route_cells").run()
    }
}
