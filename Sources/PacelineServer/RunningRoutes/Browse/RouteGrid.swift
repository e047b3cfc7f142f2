import Fluent
import PacelineCore
import SQLKit

/// The layered grid browsing answers from: table `route_cells` holds, for every level
/// 0…18 of `WebMercatorGrid` and every cell where public routes start, how many start
/// there and the sums of their start latitudes and longitudes (so the centroid is one
/// division away). A route is on the grid when it is public and not deleted; its
/// position is its start.
///
/// The routes code keeps the grid in step with the routes table:
/// ```swift
/// RouteGrid.place(route)                          // before the first save
/// try await database.retryingTransaction { db in
///     try await route.save(on: db)
///     try await RouteGrid.add(route, on: db)      // after creating (or making public)
/// }
/// try await database.retryingTransaction { db in
///     try await route.delete(on: db)
///     try await RouteGrid.remove(route, on: db)   // after deleting (or before making private)
/// }
/// ```
/// Call `add` and `remove` exactly once per time a route comes onto the grid and leaves
/// it, in the transaction that changes the route, so the counts never drift from the
/// routes table. `rebuild(on:)` recomputes everything from the routes table.
package enum RouteGrid {
    /// The levels kept, coarsest first.
    static let levels = 0...WebMercatorGrid.finestLevel

    /// Whether `route` belongs on the grid: public and not deleted.
    static func lists(_ route: Route) -> Bool {
        route.privacy == .public && route.deletedAt == nil
    }

    /// Sets the route's `cellX`, `cellY` from its start: the start's cell at the finest
    /// level. Call it before saving a new route (or after moving its start).
    package static func place(_ route: Route) {
        let cell = WebMercatorGrid.cell(of: Coordinate(latitude: route.startLatitude, longitude: route.startLongitude),
                                        at: WebMercatorGrid.finestLevel)
        route.cellX = cell.x
        route.cellY = cell.y
    }

    /// Counts `route` in its cell at every level, in one statement, if it `lists`; it
    /// must be `place`d.
    package static func add(_ route: Route, on database: any Database) async throws {
        guard lists(route) else { return }
        try await database.sql.raw(upsert(route, sign: 1)).run()
    }

    /// Takes `route` off the grid if it is public (deleted or not: call it after deleting
    /// the route, with the privacy it had on the grid). Cells left empty are deleted.
    package static func remove(_ route: Route, on database: any Database) async throws {
        guard route.privacy == .public else { return }
        let cells = self.cells(of: route)
        try await database.retryingTransaction { transaction in
            let sql = transaction.sql
            try await sql.raw(upsert(route, sign: -1)).run()
            let keys = cells.map { cell -> SQLQueryString in
                "(level = \(literal: cell.level) AND x = \(bind: cell.x) AND y = \(bind: cell.y))"
            }
            try await sql.raw("DELETE FROM route_cells WHERE count <= 0 AND (\(keys.joined(separator: " OR ")))").run()
        }
    }

    /// Recomputes the whole grid from the routes table (after a bulk load, or to repair
    /// it), in one transaction: the finest level by grouping the routes by `cell_x`,
    /// `cell_y`, then each coarser level by grouping the level below it, 2 × 2 cells into
    /// one.
    /// - Complexity: one pass over the public routes, then over the cells.
    package static func rebuild(on database: any Database) async throws {
        try await database.retryingTransaction { transaction in
            let sql = transaction.sql
            try await sql.raw("DELETE FROM route_cells").run()
            try await sql.raw("""
                INSERT INTO route_cells (level, x, y, count, lat_sum, lon_sum)
                SELECT \(literal: WebMercatorGrid.finestLevel), cell_x, cell_y, COUNT(*), SUM(start_lat), SUM(start_lon)
                FROM routes WHERE privacy = \(bind: Privacy.public.rawValue) AND deleted_at IS NULL
                GROUP BY cell_x, cell_y
                """).run()
            for level in levels.reversed().dropFirst() {
                try await sql.raw("""
                    INSERT INTO route_cells (level, x, y, count, lat_sum, lon_sum)
                    SELECT \(literal: level), x / 2, y / 2, SUM(count), SUM(lat_sum), SUM(lon_sum)
                    FROM route_cells WHERE level = \(literal: level + 1)
                    GROUP BY x / 2, y / 2
                    """).run()
            }
        }
    }

    /// The route's cell at every level, from its finest-level cell.
    private static func cells(of route: Route) -> [WebMercatorGrid.Cell] {
        let finest = WebMercatorGrid.Cell(level: WebMercatorGrid.finestLevel, x: route.cellX, y: route.cellY)
        return levels.map { finest.ancestor(at: $0) }
    }

    /// Adds `sign` (1 or -1) routes at the route's start to its cell at every level,
    /// creating the cells that are missing.
    private static func upsert(_ route: Route, sign: Int) -> SQLQueryString {
        let latitude = Double(sign) * route.startLatitude, longitude = Double(sign) * route.startLongitude
        let rows = cells(of: route).map { cell -> SQLQueryString in
            "(\(literal: cell.level), \(bind: cell.x), \(bind: cell.y), \(literal: sign), \(bind: latitude), \(bind: longitude))"
        }
        return """
            INSERT INTO route_cells (level, x, y, count, lat_sum, lon_sum) VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (level, x, y) DO UPDATE SET count = route_cells.count + excluded.count,
                lat_sum = route_cells.lat_sum + excluded.lat_sum, lon_sum = route_cells.lon_sum + excluded.lon_sum
            """
    }
}
