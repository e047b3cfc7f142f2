import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineSynthetic
import PacelineTestSupport
import SQLKit
import Testing

@Suite("Route browsing")
struct BrowseTests {
    static let glasgow = Coordinate(latitude: 55.8642, longitude: -4.2518)
    static let edinburgh = Coordinate(latitude: 55.9533, longitude: -3.1883)
    static let sydney = Coordinate(latitude: -33.8688, longitude: 151.2093)

    @Test("low zooms answer clusters with counts and centroids of public routes", arguments: TestDatabase.available)
    func clusters(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fixtures = try await BrowseFixtures(server)
            let scottish = [Self.glasgow, Self.glasgow.offset(0.01, 0.02), Self.glasgow.offset(-0.02, 0.01),
                            Self.edinburgh, Self.edinburgh.offset(0.005, -0.01)]
            for start in scottish { try await fixtures.route(at: start) }
            try await fixtures.route(at: Self.glasgow.offset(0.001, 0.001), privacy: .private)
            try await fixtures.route(at: Self.glasgow.offset(0.002, 0.001), privacy: .friends)
            try await fixtures.route(at: Self.sydney)

            let world = try await server.client().browseRoutes(query: .init(bbox: "-180,-90,180,90", zoom: 0)).ok.body.json
            #expect(world.routes.isEmpty)
            #expect(world.clusters.map(\.count) == [5, 1])  // north to south
            let scotland = try #require(world.clusters.first)
            #expect(abs(scotland.latitude - scottish.map(\.latitude).reduce(0, +) / 5) < 1e-9)
            #expect(abs(scotland.longitude - scottish.map(\.longitude).reduce(0, +) / 5) < 1e-9)
            // Level 2 (zoom 0 + 2): the cell is a sixteenth of the Mercator square.
            #expect(scotland.west == -90 && scotland.east == 0 && abs(scotland.south) < 1e-9 && abs(scotland.north - 66.513_260_443) < 1e-6)

            // Zoomed in on Scotland the two cities part.
            let closer = try await server.client().browseRoutes(query: .init(bbox: "-5,55,-2,57", zoom: 8)).ok.body.json
            #expect(closer.clusters.map(\.count).sorted() == [2, 3] && closer.routes.isEmpty)
        }
    }

    @Test("high zooms answer the routes, with runners, average best time and favourites", arguments: TestDatabase.available)
    func routes(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fixtures = try await BrowseFixtures(server)
            let park = try await fixtures.route(at: Self.glasgow, name: "Park loop")
            let river = try await fixtures.route(at: Self.glasgow.offset(0.001, 0.002), name: "River")
            try await fixtures.route(at: Self.glasgow.offset(0.001, 0.001), privacy: .private)
            try await fixtures.route(at: Self.glasgow.offset(0.05, 0.05), name: "Outside the viewport")

            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let annID = UUID(uuidString: ann.id)!, boID = UUID(uuidString: bo.id)!
            try await fixtures.leaderboardRun(on: park, by: annID, seconds: 1_200)
            try await fixtures.leaderboardRun(on: park, by: annID, seconds: 1_100)  // Ann's best
            try await fixtures.leaderboardRun(on: park, by: boID, seconds: 1_500)
            try await Favourite(userID: annID, routeID: park.requireID()).create(on: fixtures.database)
            let removed = Favourite(userID: annID, routeID: try river.requireID())
            removed.removed = true
            try await removed.create(on: fixtures.database)
            // An old route: its dates must come from the row, not from the moment of answering.
            let created = Date(timeIntervalSince1970: 1_600_000_000)
            try await (fixtures.database as! any SQLDatabase).raw("UPDATE routes SET created_at = \(bind: created) WHERE id = \(bind: try park.requireID())").run()

            let bbox = "-4.2560,55.8620,-4.2460,55.8670"
            let forAnn = try await ann.client.browseRoutes(query: .init(bbox: bbox, zoom: 16)).ok.body.json
            #expect(forAnn.clusters.isEmpty)
            #expect(Set(forAnn.routes.map(\.name)) == ["Park loop", "River"])
            let parkAnswer = try #require(forAnn.routes.first { $0.name == "Park loop" })
            #expect(parkAnswer.id == park.id?.uuidString.lowercased())
            #expect(parkAnswer.runners == 2 && parkAnswer.averageElapsedSeconds == 1_300)
            #expect(parkAnswer.isFavourite && parkAnswer.creator.displayName == "Creator" && parkAnswer.privacy == .public)
            #expect(parkAnswer.start.latitude == Self.glasgow.latitude && parkAnswer.start.longitude == Self.glasgow.longitude)
            #expect(abs(parkAnswer.createdAt.timeIntervalSince(created)) < 1)
            let riverAnswer = try #require(forAnn.routes.first { $0.name == "River" })
            #expect(riverAnswer.runners == 0 && riverAnswer.averageElapsedSeconds == nil && !riverAnswer.isFavourite)

            let anonymous = try await server.client().browseRoutes(query: .init(bbox: bbox, zoom: 16)).ok.body.json
            #expect(anonymous.routes.count == 2 && anonymous.routes.allSatisfy { !$0.isFavourite })
            // Below zoom 15 the same viewport is clustered.
            let zoom14 = try await server.client().browseRoutes(query: .init(bbox: bbox, zoom: 14)).ok.body.json
            #expect(zoom14.routes.isEmpty && zoom14.clusters.map(\.count).reduce(0, +) == 2)
        }
    }

    @Test("more than 200 routes in a zoomed-in viewport are clustered", arguments: TestDatabase.available)
    func crowded(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fixtures = try await BrowseFixtures(server)
            for index in 0..<201 {
                try await fixtures.route(at: Self.glasgow.offset(Double(index % 15) * 1e-4, Double(index / 15) * 1e-4))
            }
            let bbox = "-4.2560,55.8620,-4.2460,55.8670"
            let crowded = try await server.client().browseRoutes(query: .init(bbox: bbox, zoom: 16)).ok.body.json
            #expect(crowded.routes.isEmpty && crowded.clusters.map(\.count).reduce(0, +) == 201)
            try await fixtures.delete(try #require(try await Route.query(on: fixtures.database).first()))
            let two100 = try await server.client().browseRoutes(query: .init(bbox: bbox, zoom: 16)).ok.body.json
            #expect(two100.routes.count == 200 && two100.clusters.isEmpty)
        }
    }

    @Test("a viewport across the antimeridian sees both sides", arguments: TestDatabase.available)
    func antimeridian(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fixtures = try await BrowseFixtures(server)
            try await fixtures.route(at: Coordinate(latitude: -17, longitude: 179.9995), name: "west of the line")
            try await fixtures.route(at: Coordinate(latitude: -17, longitude: -179.9995), name: "east of the line")
            try await fixtures.route(at: Coordinate(latitude: -17, longitude: 0), name: "Greenwich")

            let close = try await server.client().browseRoutes(query: .init(bbox: "179.998,-17.001,-179.998,-16.999", zoom: 17)).ok.body.json
            #expect(Set(close.routes.map(\.name)) == ["west of the line", "east of the line"])
            let far = try await server.client().browseRoutes(query: .init(bbox: "170,-25,-170,-10", zoom: 5)).ok.body.json
            #expect(far.routes.isEmpty && far.clusters.count == 2 && far.clusters.allSatisfy { $0.count == 1 })
            #expect(Set(far.clusters.map { $0.longitude > 0 }) == [true, false])
        }
    }

    @Test("removing routes decrements every level and deletes empty cells", arguments: TestDatabase.available)
    func removal(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fixtures = try await BrowseFixtures(server)
            let first = try await fixtures.route(at: Self.glasgow)
            let second = try await fixtures.route(at: Self.glasgow.offset(1e-5, 1e-5))  // the same finest cell
            let hidden = try await fixtures.route(at: Self.glasgow, privacy: .private)
            var cells = try await fixtures.gridCells()
            #expect(cells.count == RouteGrid.levels.count && cells.values.allSatisfy { $0.count == 2 })

            try await fixtures.delete(first)
            try await fixtures.delete(hidden)  // never on the grid: nothing changes
            cells = try await fixtures.gridCells()
            #expect(cells.count == RouteGrid.levels.count && cells.values.allSatisfy { $0.count == 1 })
            #expect(cells.values.allSatisfy { abs($0.latitudeSum - second.startLatitude) < 1e-9 })

            try await fixtures.delete(second)
            #expect(try await fixtures.gridCells().isEmpty)
            let world = try await server.client().browseRoutes(query: .init(bbox: "-180,-90,180,90", zoom: 0)).ok.body.json
            #expect(world.clusters.isEmpty && world.routes.isEmpty)
        }
    }

    @Test("a malformed or out-of-range bbox or zoom is a 400 with a JSON error", arguments: TestDatabase.available)
    func badRequests(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bad = ["", "1,2,3", "1,2,3,4,5", "a,1,2,3", "1,2,3,", "nan,0,1,1", "0,0,inf,1", "0x10,0,1,1",
                       "-181,0,0,1", "0,0,180.5,1", "0,-91,1,0", "0,0,1,90.01", "0,10,1,5", "1,,2,3"]
            for bbox in bad {
                let path = "/routes?bbox=\(bbox.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)&zoom=10"
                let response = try await server.raw(.GET, path)
                #expect(response.status == 400 && response.errorCode == "bad_request", "bbox \(bbox)")
                let message = (response.json?["error"] as? [String: Any])?["message"] as? String
                #expect(message?.isEmpty == false, "bbox \(bbox)")
            }
            for zoom in ["-1", "23", "ten", "1.5"] {
                let response = try await server.raw(.GET, "/routes?bbox=0,0,1,1&zoom=\(zoom)")
                #expect(response.status == 400 && response.errorCode == "bad_request", "zoom \(zoom)")
            }
            #expect(try await server.raw(.GET, "/routes?zoom=3").status == 400)
            #expect(try await server.raw(.GET, "/routes?bbox=%20-1%2C0%2C1%2C1%20&zoom=0").status == 200)
        }
    }

    @Test("cluster counts and routes equal a brute-force count, for random viewports", arguments: TestDatabase.available)
    func bruteForce(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let fixtures = try await BrowseFixtures(server)
            var random = SeededRandom(seed: 42)
            let centres = (0..<6).map { _ in
                Coordinate(latitude: .random(in: -60...70, using: &random), longitude: .random(in: -180..<180, using: &random))
            } + [Coordinate(latitude: -16, longitude: 179.8)]
            var routes: [Route] = []
            for index in 0..<400 {
                let start: Coordinate
                if index % 10 == 0 {
                    start = Coordinate(latitude: .random(in: -80...80, using: &random), longitude: .random(in: -180...180, using: &random))
                } else {
                    let centre = centres[Int.random(in: 0..<centres.count, using: &random)]
                    let spread = index % 3 == 0 ? 0.002 : 0.3
                    start = Coordinate(latitude: max(-89, min(89, centre.latitude + random.gaussian(standardDeviation: spread))),
                                       longitude: (centre.longitude + random.gaussian(standardDeviation: spread) + 540)
                                           .truncatingRemainder(dividingBy: 360) - 180)
                }
                let privacy: Privacy = [.public, .public, .public, .private, .friends][Int.random(in: 0..<5, using: &random)]
                routes.append(try await fixtures.route(at: start, privacy: privacy))
            }
            for route in routes where Int.random(in: 0..<8, using: &random) == 0 { try await fixtures.delete(route) }
            let listed = routes.filter { $0.privacy == .public && $0.deletedAt == nil }

            var answeredRoutes = 0, answeredClusters = 0
            for _ in 0..<60 {
                let zoom = Int.random(in: 0...18, using: &random)
                let centre = Bool.random(using: &random)
                    ? listed[Int.random(in: 0..<listed.count, using: &random)].start
                    : Coordinate(latitude: .random(in: -80...80, using: &random), longitude: .random(in: -180..<180, using: &random))
                let bbox = Self.bbox(around: centre, zoom: zoom)
                let viewport = try Viewport(bbox: bbox)
                let answer = try await server.client().browseRoutes(query: .init(bbox: bbox, zoom: zoom)).ok.body.json
                let inside = listed.filter { route in viewport.boxes.contains { $0.contains(route.start) } }
                let level = RouteBrowser.level(for: viewport, zoom: zoom)
                #expect(level == WebMercatorGrid.level(forZoom: zoom), "a screen-sized viewport is never coarsened")
                if zoom >= 15 && inside.count <= 200 {
                    answeredRoutes += 1
                    #expect(answer.clusters.isEmpty)
                    #expect(Set(answer.routes.map(\.id)) == Set(inside.map { $0.id!.uuidString.lowercased() }), "\(bbox) at \(zoom)")
                } else {
                    answeredClusters += 1
                    #expect(answer.routes.isEmpty)
                    var expected: [WebMercatorGrid.Cell: [Coordinate]] = [:]
                    for route in listed {
                        let cell = WebMercatorGrid.cell(of: route.start, at: level)
                        let ranges = viewport.boxes.map { WebMercatorGrid.cells(covering: $0, at: level) }
                        if ranges.contains(where: { $0.contains(cell) }) { expected[cell, default: []].append(route.start) }
                    }
                    #expect(answer.clusters.count == expected.count, "\(bbox) at \(zoom)")
                    for cluster in answer.clusters {
                        let middle = Coordinate(latitude: (cluster.south + cluster.north) / 2, longitude: (cluster.west + cluster.east) / 2)
                        let cell = WebMercatorGrid.cell(of: middle, at: level)
                        let starts = expected[cell] ?? []
                        #expect(cluster.count == starts.count, "\(bbox) at \(zoom)")
                        #expect(abs(cluster.latitude - starts.map(\.latitude).reduce(0, +) / Double(starts.count)) < 1e-9)
                        #expect(cell.bounds == BoundingBox(south: cluster.south, west: cluster.west, north: cluster.north, east: cluster.east))
                    }
                }
            }
            #expect(answeredRoutes > 5 && answeredClusters > 5)

            // The grid kept up route by route is the grid rebuilt from the routes table.
            let incremental = try await fixtures.gridCells()
            try await RouteGrid.rebuild(on: fixtures.database)
            let rebuilt = try await fixtures.gridCells()
            #expect(Set(incremental.keys) == Set(rebuilt.keys))
            for (cell, value) in rebuilt {
                let kept = try #require(incremental[cell])
                #expect(kept.count == value.count && abs(kept.latitudeSum - value.latitudeSum) < 1e-6
                    && abs(kept.longitudeSum - value.longitudeSum) < 1e-6)
            }
        }
    }

    /// The bbox of a 1280 × 800 px map centred on `centre` at `zoom`, as a client sends it.
    static func bbox(around centre: Coordinate, zoom: Int) -> String {
        let width = min(360, 1280 / 256 * 360 / pow(2, Double(zoom)))
        let height = min(170, 800 / 256 * 360 / pow(2, Double(zoom)) * cos(centre.latitude * .pi / 180))
        let south = max(-90, centre.latitude - height / 2), north = min(90, centre.latitude + height / 2)
        guard width < 360 else { return "-180,\(south),180,\(north)" }
        func wrapped(_ longitude: Double) -> Double { longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude }
        return "\(wrapped(centre.longitude - width / 2)),\(south),\(wrapped(centre.longitude + width / 2)),\(north)"
    }
}

extension Coordinate {
    /// Moved `north` and `east` degrees.
    func offset(_ north: Double, _ east: Double) -> Coordinate {
        Coordinate(latitude: latitude + north, longitude: longitude + east)
    }
}

extension Route {
    var start: Coordinate { Coordinate(latitude: startLatitude, longitude: startLongitude) }
}
