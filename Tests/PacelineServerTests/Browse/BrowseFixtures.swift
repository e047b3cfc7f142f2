import Fluent
import Foundation
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import SQLKit

/// Routes written straight to the database, as the routes code will write them: placed on
/// the grid's finest level, saved, and added to the grid. They share one creator and one
/// run (the foreign keys need them); runs for leaderboards are made apart.
struct BrowseFixtures {
    let server: TestServer
    let creator: TestUser
    private let run: UUID

    init(_ server: TestServer) async throws {
        self.server = server
        creator = try await server.newUser("Creator")
        run = try await Self.run(of: UUID(uuidString: creator.id)!, on: server.app.db)
    }

    var database: any Database { server.app.db }

    /// A new route starting at `start`, on the grid when public.
    @discardableResult
    func route(at start: Coordinate, privacy: Privacy = .public, name: String = "route") async throws -> Route {
        let route = Route()
        route.$creator.id = UUID(uuidString: creator.id)!
        route.$run.id = run
        route.name = name
        route.privacy = privacy
        route.distanceMeters = 5_000
        route.startLatitude = start.latitude
        route.startLongitude = start.longitude
        route.endLatitude = start.latitude + 0.01
        route.endLongitude = start.longitude
        RouteGrid.place(route)
        try await database.transaction { db in
            try await route.create(on: db)
            try await RouteGrid.add(route, on: db)
        }
        return route
    }

    /// Deletes `route` (softly, as the API will) and takes it off the grid.
    func delete(_ route: Route) async throws {
        try await database.transaction { db in
            try await route.delete(on: db)
            try await RouteGrid.remove(route, on: db)
        }
    }

    /// A minimal run of `owner`, for the foreign keys of routes and leaderboards.
    static func run(of owner: UUID, on database: any Database) async throws -> UUID {
        let run = Run()
        run.$owner.id = owner
        run.sport = .run
        run.privacy = .public
        run.format = .gpx
        run.points = 0
        run.distanceMeters = 5_000
        run.creditedDistanceMeters = 5_000
        run.tooFastMeters = 0
        run.untimedMeters = 0
        run.elapsedSeconds = 1_500
        run.movingSeconds = 1_500
        run.ascentMeters = 0
        run.descentMeters = 0
        run.calories = 0
        run.splits = []
        run.bestEfforts = []
        run.track = Data()
        run.analysisVersion = AnalysisRules.version  // measured as today's rules measure: not to be measured again
        run.isVirtual = false
        try await run.create(on: database)
        return try run.requireID()
    }

    /// Puts a run of `runner` taking `seconds` on `route`'s leaderboard.
    func leaderboardRun(on route: Route, by runner: UUID, seconds: Double) async throws {
        let run = try await Self.run(of: runner, on: database)
        try await RouteRun(routeID: route.requireID(), runID: run, runnerID: runner, elapsedSeconds: seconds,
                           coverage: 1, runDate: Date()).create(on: database)
    }

    /// Every row of `route_cells`, by cell.
    func gridCells() async throws -> [WebMercatorGrid.Cell: (count: Int, latitudeSum: Double, longitudeSum: Double)] {
        struct Row: Decodable { var level, x, y, count: Int; var lat_sum, lon_sum: Double }
        let rows = try await (database as! any SQLDatabase).raw("SELECT level, x, y, count, lat_sum, lon_sum FROM route_cells")
            .all(decoding: Row.self)
        return Dictionary(uniqueKeysWithValues: rows.map {
            (WebMercatorGrid.Cell(level: $0.level, x: $0.x, y: $0.y), ($0.count, $0.lat_sum, $0.lon_sum))
        })
    }
}
