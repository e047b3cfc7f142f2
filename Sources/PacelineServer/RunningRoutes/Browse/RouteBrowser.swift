import Fluent
import FluentSQL
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Answers a map viewport: below zoom `routesFromZoom`, or when the viewport holds more
/// than `maximumRoutes` public routes, clusters (one per non-empty grid cell the viewport
/// touches, at the level for the zoom, from `RouteGrid`'s table); otherwise the routes
/// themselves. Either way the work is index lookups bounded by the viewport's size, not
/// by the number of routes.
package struct RouteBrowser: Sendable {
    /// The map zooms accepted.
    static let zooms = 0...22
    /// The lowest zoom that may answer with routes.
    static let routesFromZoom = 15
    /// The most routes answered; more in the viewport are clustered.
    static let maximumRoutes = 200
    /// The most cells a viewport may touch at its level (a 4096 px square screen at 64 px
    /// per cell): a box too large for its zoom is answered a level coarser (or more), so
    /// no request can read more than this many cells.
    static let maximumCells = 64 * 64

    let database: any Database

    package init(database: any Database) {
        self.database = database
    }

    /// Clusters or routes in `viewport` on a map at `zoom`, for `viewer` (whose favourites
    /// are marked; nil when anonymous).
    package func browse(_ viewport: Viewport, zoom: Int, viewer: UUID?) async throws -> Components.Schemas.Browse {
        let level = Self.level(for: viewport, zoom: zoom)
        if zoom >= Self.routesFromZoom, level == WebMercatorGrid.level(forZoom: zoom),
           let routes = try await routes(in: viewport) {
            return .init(clusters: [], routes: try await Route.schemas(routes, viewer: viewer, on: database))
        }
        return .init(clusters: try await clusters(in: viewport, at: level), routes: [])
    }

    /// The grid level for `zoom`, coarsened until the viewport touches at most
    /// `maximumCells` cells.
    static func level(for viewport: Viewport, zoom: Int) -> Int {
        var level = WebMercatorGrid.level(forZoom: zoom)
        while level > 0, viewport.boxes.reduce(0, { $0 + WebMercatorGrid.cells(covering: $1, at: level).count }) > maximumCells {
            level -= 1
        }
        return level
    }

    /// The public routes that start in the viewport (creators loaded, ordered by id), or
    /// nil when there are more than `maximumRoutes`: an index range on the finest level's
    /// cells, then the exact box, stopping at one route too many. Rows are decoded only
    /// when they are few enough to answer.
    private func routes(in viewport: Viewport) async throws -> [Route]? {
        let sql = database.sql
        var rows: [any SQLRow] = []
        for box in viewport.boxes {
            let cells = WebMercatorGrid.cells(covering: box, at: WebMercatorGrid.finestLevel)
            rows += try await sql.raw("""
                SELECT * FROM routes
                WHERE cell_x BETWEEN \(bind: cells.x.lowerBound) AND \(bind: cells.x.upperBound)
                    AND cell_y BETWEEN \(bind: cells.y.lowerBound) AND \(bind: cells.y.upperBound)
                    AND start_lat BETWEEN \(bind: box.south) AND \(bind: box.north)
                    AND start_lon BETWEEN \(bind: box.west) AND \(bind: box.east)
                    AND privacy = \(bind: Privacy.public.rawValue) AND deleted_at IS NULL
                LIMIT \(literal: Self.maximumRoutes + 1 - rows.count)
                """).all()
            if rows.count > Self.maximumRoutes { return nil }
        }
        let routes = try await Self.withCreators(try rows.map { try $0.decode(fluentModel: Route.self) }, on: database)
        return routes.sorted { $0.id?.uuidString ?? "" < $1.id?.uuidString ?? "" }
    }

    /// `routes` with their creators loaded, in one query.
    static func withCreators(_ routes: [Route], on database: any Database) async throws -> [Route] {
        guard !routes.isEmpty else { return [] }
        let creators = try await User.query(on: database).filter(\.$id ~~ Set(routes.map(\.$creator.id))).all()
        let creatorsByID = Dictionary(uniqueKeysWithValues: creators.compactMap { user in user.id.map { ($0, user) } })
        for route in routes { route.$creator.value = creatorsByID[route.$creator.id] }
        return routes
    }

    /// One cluster per non-empty cell at `level` that the viewport touches, north to south
    /// then west to east. A cell's count is all its routes, also those outside the
    /// viewport.
    private func clusters(in viewport: Viewport, at level: Int) async throws -> [Components.Schemas.Cluster] {
        let sql = database.sql
        var cells: [WebMercatorGrid.Cell: CellRow] = [:]
        for box in viewport.boxes {
            let range = WebMercatorGrid.cells(covering: box, at: level)
            let rows = try await sql.raw("""
                SELECT x, y, count, lat_sum, lon_sum FROM route_cells
                WHERE level = \(literal: level) AND x BETWEEN \(bind: range.x.lowerBound) AND \(bind: range.x.upperBound)
                    AND y BETWEEN \(bind: range.y.lowerBound) AND \(bind: range.y.upperBound)
                """).all()
            for row in rows {
                let cell = WebMercatorGrid.Cell(level: level, x: try row.decode(column: "x", as: Int.self),
                                                y: try row.decode(column: "y", as: Int.self))
                cells[cell] = CellRow(count: try row.decode(column: "count", as: Int.self),
                                      latitudeSum: try row.decode(column: "lat_sum", as: Double.self),
                                      longitudeSum: try row.decode(column: "lon_sum", as: Double.self))
            }
        }
        return cells.sorted { ($0.key.y, $0.key.x) < ($1.key.y, $1.key.x) }.map { cell, row in
            let bounds = cell.bounds
            return .init(count: row.count,
                         latitude: row.latitudeSum / Double(row.count), longitude: row.longitudeSum / Double(row.count),
                         south: bounds.south, west: bounds.west, north: bounds.north, east: bounds.east)
        }
    }

    /// What `route_cells` holds for one cell.
    private struct CellRow {
        var count: Int
        var latitudeSum: Double
        var longitudeSum: Double
    }
}
