import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import PacelineHarness
import PacelineServer
import SQLKit
import Vapor

/// The route-browsing benchmark behind `paceline-bench browse`: loads generated routes
/// (`SyntheticRoutes`) into a fresh database with multi-row INSERTs, rebuilds the grid,
/// then times map viewports through `Viewport` and `RouteBrowser`, the handler's own
/// path (everything but HTTP and JSON), and finally the grid's upkeep as routes come and go.
public enum BrowseBenchmark {
    /// What one run measured.
    public struct Report: Sendable {
        /// "sqlite" or "postgres".
        public var database: String
        public var routes: Int
        public var publicRoutes: Int
        /// Rows of `route_cells`, all levels.
        public var cells: Int
        public var insertSeconds: Double
        public var rebuildSeconds: Double
        /// Milliseconds per viewport: all of them, then by answer (clusters, routes, nothing)
        /// and by zoom.
        public var viewports: [(label: String, latencies: Latencies)]
        /// Milliseconds per `RouteGrid.add` and `RouteGrid.remove`.
        public var upkeep: [(label: String, latencies: Latencies)]
        /// Milliseconds per name search (`NameSearch.routes`): a few routes' words, a word
        /// every route has (the candidates cap), and a word none has.
        public var searches: [(label: String, latencies: Latencies)]
    }

    /// Timings of one kind, in milliseconds, with how many items each answer had.
    public struct Latencies: Sendable {
        public var milliseconds: [Double] = []
        public var items: [Int] = []

        /// The `fraction` quantile (nearest rank), 0 when empty.
        public func quantile(_ fraction: Double) -> Double {
            guard !milliseconds.isEmpty else { return 0 }
            let sorted = milliseconds.sorted()
            return sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
        }

        public var meanItems: Double { items.isEmpty ? 0 : Double(items.reduce(0, +)) / Double(items.count) }

        mutating func add(_ duration: Duration, items count: Int = 0) {
            milliseconds.append(Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
            items.append(count)
        }
    }

    /// The viewports' zooms, map size and warm-up.
    static let zooms = 3...18
    static let screen = (width: 1280.0, height: 800.0)
    static let warmUp = 100
    static let upkeepRoutes = 200

    /// Loads `routes` generated routes into `database` (a new SQLite file or a new schema
    /// of the PostgreSQL database, removed afterwards; nil: a temporary SQLite file) and
    /// times `queries` viewports, after `warmUp` untimed ones. `progress` hears about
    /// each phase.
    public static func run(routes: Int, queries: Int, database: DatabaseLocation?, seed: UInt64 = 1,
                           progress: @escaping @Sendable (String) -> Void) async throws -> Report {
        let location = try ThrowawayDatabase.location(database, for: "browse")
        do {
            let report = try await location.withApplication { app in
                try await measure(routes: routes, queries: queries, seed: seed, kind: location.kind, on: app.db, progress: progress)
            }
            await ThrowawayDatabase.remove(location)
            return report
        } catch {
            await ThrowawayDatabase.remove(location)
            throw error
        }
    }

    private static func measure(routes count: Int, queries: Int, seed: UInt64, kind: String, on database: any Database,
                                progress: @Sendable (String) -> Void) async throws -> Report {
        var generator = SyntheticRoutes(seed: seed)
        let (creator, run) = try await owners(on: database)
        let clock = ContinuousClock()
        var publicRoutes = 0
        let insertTime = try await clock.measure {
            publicRoutes = try await insert(count, creator: creator, run: run, from: &generator, on: database, progress: progress)
        }
        progress("rebuilding the grid")
        let rebuildTime = try await clock.measure {
            try await RouteGrid.rebuild(on: database)
            try await database.sql.raw("ANALYZE").run()
        }
        let cells = try await database.sql.raw("SELECT COUNT(*) AS n FROM route_cells").first()?
            .decode(column: "n", as: Int.self) ?? 0

        progress("timing \(queries) viewports")
        let browser = RouteBrowser(database: database)
        var all = Latencies(), clusters = Latencies(), routes = Latencies(), empty = Latencies()
        var byZoom = [Latencies](repeating: Latencies(), count: 3)
        for index in 0..<(warmUp + queries) {
            let zoom = generator.zoom(in: zooms)
            let bbox = self.bbox(around: generator.viewportCentre(), zoom: zoom)
            var answer: Components.Schemas.Browse?
            let time = try await clock.measure {
                answer = try await browser.browse(try Viewport(bbox: bbox), zoom: zoom, viewer: creator)
            }
            guard index >= warmUp, let answer else { continue }
            let items = answer.clusters.count + answer.routes.count
            all.add(time, items: items)
            if !answer.routes.isEmpty {
                routes.add(time, items: items)
            } else if !answer.clusters.isEmpty {
                clusters.add(time, items: items)
            } else {
                empty.add(time)
            }
            byZoom[zoom < 9 ? 0 : zoom < 15 ? 1 : 2].add(time, items: items)
        }

        progress("timing \(searchQueries) name searches of each kind")
        let searches = try await timeSearches(count: count, viewer: creator, on: database)
        progress("timing the grid's upkeep")
        let upkeep = try await timeUpkeep(creator: creator, run: run, from: &generator, on: database)
        return Report(database: kind, routes: count, publicRoutes: publicRoutes, cells: cells,
                      insertSeconds: insertTime.seconds, rebuildSeconds: rebuildTime.seconds,
                      viewports: [("all", all), ("clusters", clusters), ("routes", routes), ("empty", empty),
                                  ("zoom 3-8", byZoom[0]), ("zoom 9-14", byZoom[1]), ("zoom 15-18", byZoom[2])],
                      upkeep: upkeep, searches: searches)
    }

    /// Name searches timed per kind.
    static let searchQueries = 20

    /// Times `NameSearch.routes` as the search endpoint runs it: "route 1234" (a number's
    /// digits lead: the routes whose number starts with them; "route" alone is every
    /// route), "route" alone (a word all million share: the candidates cap), and a word
    /// none has.
    private static func timeSearches(count: Int, viewer: UUID, on database: any Database) async throws -> [(label: String, latencies: Latencies)] {
        let search = NameSearch(database: database)
        let clock = ContinuousClock()
        var some = Latencies(), common = Latencies(), none = Latencies()
        let near = Coordinate(latitude: 51.5, longitude: -0.12)
        for index in 0..<searchQueries {
            let number = (index * 7_919) % max(1, count / 100) + 1
            var found = 0
            some.add(try await clock.measure { found = try await search.routes(matching: "route \(number)", viewer: viewer, near: near).count }, items: found)
            common.add(try await clock.measure { found = try await search.routes(matching: "Route", viewer: viewer, near: near).count }, items: found)
            none.add(try await clock.measure { found = try await search.routes(matching: "lochan", viewer: viewer, near: near).count }, items: found)
        }
        return [("search some", some), ("search all", common), ("search none", none)]
    }

    /// The one user and run every generated route is made by and from: the run is a
    /// minute's jog recorded as an upload records one (`RunRecorder`).
    private static func owners(on database: any Database) async throws -> (creator: UUID, run: UUID) {
        let user = User(email: "bench@example.org", passwordHash: "-", displayName: "Bench")
        try await user.create(on: database)
        let start = Date(timeIntervalSince1970: 1_777_622_400)
        let fixes = (0...60).map { second in
            Fix(time: start.addingTimeInterval(Double(second)), coordinate: Coordinate(latitude: 51.5 + Double(second) * 3 / 111_250, longitude: -0.12))
        }
        let run = try RunRecorder.run(of: Activity(format: .gpx, sport: .run, track: Track(segments: [fixes])), format: .gpx,
                                      owner: user, privacy: .public, name: nil).run
        try await run.create(on: database)
        return (try user.requireID(), try run.requireID())
    }

    /// Inserts `count` routes, 1,000 per INSERT and 50,000 per transaction; returns how
    /// many are public.
    private static func insert(_ count: Int, creator: UUID, run: UUID, from generator: inout SyntheticRoutes,
                               on database: any Database, progress: @Sendable (String) -> Void) async throws -> Int {
        let now = Date()
        var publicRoutes = 0, inserted = 0
        while inserted < count {
            var batches: [SQLQueryString] = []
            for _ in 0..<50 where inserted < count {
                var rows: [SQLQueryString] = [], words: [SQLQueryString] = []
                for _ in 0..<min(1_000, count - inserted) {
                    let start = generator.start(), privacy = generator.privacy()
                    let cell = WebMercatorGrid.cell(of: start, at: WebMercatorGrid.finestLevel)
                    if privacy == .public { publicRoutes += 1 }
                    inserted += 1
                    let id = generator.uuid()
                    rows.append("""
                        (\(bind: id), \(bind: creator), \(bind: run), \(bind: "Route \(inserted)"), \(bind: privacy.rawValue), \
                        \(bind: generator.distance()), \(bind: start.latitude), \(bind: start.longitude), \(bind: start.latitude), \
                        \(bind: start.longitude), \(bind: cell.x), \(bind: cell.y), \(bind: now), \(bind: now))
                        """)
                    // The name's words, as `RouteWords` writes them for a route made through the API.
                    words.append("(\(bind: "route"), \(bind: id)), (\(bind: String(inserted)), \(bind: id))")
                }
                batches.append("""
                    INSERT INTO routes (id, creator_id, run_id, name, privacy, distance_m, start_lat, start_lon, end_lat, end_lon,
                        cell_x, cell_y, created_at, updated_at) VALUES \(rows.joined(separator: ", "))
                    """)
                batches.append("INSERT INTO route_words (word, route_id) VALUES \(words.joined(separator: ", "))")
            }
            try await database.retryingTransaction { [batches] transaction in
                for batch in batches { try await transaction.sql.raw(batch).run() }
            }
            if inserted % 100_000 == 0 || inserted == count { progress("inserted \(inserted) routes") }
        }
        return publicRoutes
    }

    /// Times `RouteGrid.add` for `upkeepRoutes` new public routes (each in the transaction
    /// that creates it), then `RouteGrid.remove` as each is deleted.
    private static func timeUpkeep(creator: UUID, run: UUID, from generator: inout SyntheticRoutes,
                                   on database: any Database) async throws -> [(label: String, latencies: Latencies)] {
        let clock = ContinuousClock()
        var adds = Latencies(), removes = Latencies()
        var created: [PacelineServer.Route] = []
        for index in 0..<upkeepRoutes {
            let route = PacelineServer.Route()
            route.$creator.id = creator
            route.$run.id = run
            let start = generator.start()
            (route.name, route.privacy, route.distanceMeters) = ("Upkeep \(index)", .public, generator.distance())
            (route.startLatitude, route.startLongitude) = (start.latitude, start.longitude)
            (route.endLatitude, route.endLongitude) = (start.latitude, start.longitude)
            RouteGrid.place(route)
            adds.add(try await database.retryingTransaction { transaction in
                try await route.create(on: transaction)
                return try await clock.measure { try await RouteGrid.add(route, on: transaction) }
            })
            created.append(route)
        }
        for route in created {
            removes.add(try await database.retryingTransaction { transaction in
                try await route.delete(on: transaction)
                return try await clock.measure { try await RouteGrid.remove(route, on: transaction) }
            })
        }
        return [("grid add", adds), ("grid remove", removes)]
    }

    /// The bbox a `screen`-sized map centred on `centre` at `zoom` shows, as a client
    /// sends it (west > east when it crosses the antimeridian).
    static func bbox(around centre: Coordinate, zoom: Int) -> String {
        let world = 256 * pow(2, Double(zoom))
        let middle = WebMercatorGrid.fraction(of: centre)
        let halfWidth = screen.width / 2 / world, halfHeight = screen.height / 2 / world
        let north = WebMercatorGrid.coordinate(atFraction: 0, max(middle.y - halfHeight, 0)).latitude
        let south = WebMercatorGrid.coordinate(atFraction: 0, min(middle.y + halfHeight, 1)).latitude
        guard halfWidth < 0.5 else { return "-180,\(south),180,\(north)" }
        func wrapped(_ x: Double) -> Double { WebMercatorGrid.coordinate(atFraction: x < 0 ? x + 1 : x > 1 ? x - 1 : x, 0).longitude }
        return "\(wrapped(middle.x - halfWidth)),\(south),\(wrapped(middle.x + halfWidth)),\(north)"
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
