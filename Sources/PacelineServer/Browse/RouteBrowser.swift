import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Answers a map viewport: below zoom `routesFromZoom`, or when the viewport holds more
/// than `maximumRoutes` public routes, clusters (one per non-empty grid cell the viewport
/// touches, at the level for the zoom, from `RouteGrid`'s table); otherwise the routes
/// themselves. Either way the work is index lookups bounded by the viewport's size, not
/// by the number of routes.
struct RouteBrowser: Sendable {
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

    /// Clusters or routes in `viewport` on a map at `zoom`, for `viewer` (whose favourites
    /// are marked; nil when anonymous).
    func browse(_ viewport: Viewport, zoom: Int, viewer: UUID?) async throws -> Components.Schemas.Browse {
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
    /// cells, then the exact box, stopping at one route too many.
    private func routes(in viewport: Viewport) async throws -> [Route]? {
        var found: [Route] = []
        for box in viewport.boxes {
            let cells = WebMercatorGrid.cells(covering: box, at: WebMercatorGrid.finestLevel)
            found += try await Route.query(on: database)
                .filter(\.$cellX >= cells.x.lowerBound).filter(\.$cellX <= cells.x.upperBound)
                .filter(\.$cellY >= cells.y.lowerBound).filter(\.$cellY <= cells.y.upperBound)
                .filter(\.$startLatitude >= box.south).filter(\.$startLatitude <= box.north)
                .filter(\.$startLongitude >= box.west).filter(\.$startLongitude <= box.east)
                .filter(\.$privacy == "public")
                .with(\.$creator)
                .limit(Self.maximumRoutes + 1 - found.count)
                .all()
            if found.count > Self.maximumRoutes { return nil }
        }
        return found.sorted { $0.id?.uuidString ?? "" < $1.id?.uuidString ?? "" }
    }

    /// One cluster per non-empty cell at `level` that the viewport touches, north to south
    /// then west to east. A cell's count is all its routes, also those outside the
    /// viewport.
    private func clusters(in viewport: Viewport, at level: Int) async throws -> [Components.Schemas.Cluster] {
        let sql = database as! any SQLDatabase
        var cells: [WebMercatorGrid.Cell: CellRow] = [:]
        for box in viewport.boxes {
            let range = WebMercatorGrid.cells(covering: box, at: level)
            let rows = try await sql.raw("""
                SELECT x, y, count, lat_sum, lon_sum FROM route_cells
                WHERE level = \(literal: level) AND x BETWEEN \(bind: range.x.lowerBound) AND \(bind: range.x.upperBound)
                    AND y BETWEEN \(bind: range.y.lowerBound) AND \(bind: range.y.upperBound)
                """).all(decoding: CellRow.self)
            for row in rows { cells[WebMercatorGrid.Cell(level: level, x: row.x, y: row.y)] = row }
        }
        return cells.sorted { ($0.key.y, $0.key.x) < ($1.key.y, $1.key.x) }.map { cell, row in
            let bounds = cell.bounds
            return .init(count: row.count,
                         latitude: row.lat_sum / Double(row.count), longitude: row.lon_sum / Double(row.count),
                         south: bounds.south, west: bounds.west, north: bounds.north, east: bounds.east)
        }
    }

    /// A row of `route_cells`.
    private struct CellRow: Decodable {
        var x: Int
        var y: Int
        var count: Int
        var lat_sum: Double
        var lon_sum: Double
    }
}
