import Foundation
import PacelineAPI
import PacelineCore
import PacelineServer
import PacelineTestSupport
import Testing

@Suite("Walks that discover")
struct DiscoveryTests {
    static let origin = Coordinate(latitude: 51.5, longitude: -0.12)

    /// `east` and `north` metres from `origin`.
    static func at(east: Double, north: Double) -> Coordinate {
        let step = Geodesy.offset(from: origin, to: Coordinate(latitude: origin.latitude + 0.001, longitude: origin.longitude + 0.001))
        return Coordinate(latitude: origin.latitude + north / step.north * 0.001, longitude: origin.longitude + east / step.east * 0.001)
    }

    /// A walk east from `origin`: 600 m at 1.4 m/s, a fix every 10 s (14 m apart), starting `day` days after a fixed instant.
    static func walk(day: Double = 0) -> Components.Schemas.FixUpload {
        let start = Date(timeIntervalSince1970: 1_750_000_000 + day * 86_400)
        let fixes = (0...43).map { i -> Components.Schemas.FixInput in
            let c = at(east: Double(i) * 14, north: 0)
            return .init(time: start.addingTimeInterval(Double(i) * 10), latitude: c.latitude, longitude: c.longitude, horizontalAccuracy: 5)
        }
        return .init(sport: .walk, fixes: fixes)
    }

    static func plaque(_ id: String, _ title: String, east: Double, north: Double) -> PointOfInterest {
        PointOfInterest(source: "openplaques", sourceID: id, title: title, inscription: "\(title) lived here",
                        coordinate: at(east: east, north: north),
                        subjects: [.init(name: title, wikipediaURL: "https://en.wikipedia.org/wiki/\(title.replacingOccurrences(of: " ", with: "_"))")],
                        erectedYear: 1950, photoURL: "https://example.org/\(id).jpg")
    }

    /// Near: 15 m off the path between two fixes; Far: 60 m off; Beyond: past the walk's end.
    static let plaques = [plaque("1", "Near Person", east: 101, north: 15), plaque("2", "Far Person", east: 300, north: 60),
                          plaque("3", "Beyond Person", east: 2000, north: 0)]

    @Test("import, walk past a plaque, see it discovered; others never see it; deleting the walk forgets it", arguments: TestDatabase.available)
    func discover(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let counts = try await importPointsOfInterest(Self.plaques, into: server.location)
            #expect(counts == POIImportCounts(imported: 3, updated: 0))
            var renamed = Self.plaques
            renamed[0].title = "Near Person blue plaque"
            #expect(try await importPointsOfInterest(renamed, into: server.location) == POIImportCounts(imported: 0, updated: 3))

            let ann = try await server.newUser("Ann")
            let walk = try await ann.client.uploadRun(query: .init(privacy: .public), body: .json(Self.walk())).created.body.json
            #expect(walk.sport == .walk && walk.stepsEstimated == true)
            let expectedSteps = Int((walk.distanceMeters / StepCount.defaultStepLength).rounded())
            #expect(walk.steps == expectedSteps)
            // The profile's totals count them; the walk's page says what it earned, its plaque's 25 points with it.
            #expect(try await ann.client.getStatistics(query: .init(sport: .walk)).ok.body.json.steps == expectedSteps)
            #expect(try await ann.client.getStatistics(query: .init(sport: .run)).ok.body.json.steps == 0)
            let earned = try #require(try await ann.client.getRunBadges(path: .init(runId: walk.id)).ok.body.json.points)
            #expect(earned.discovery == 25 && earned.total == earned.distance + earned.streak + 25)

            let found = try await ann.client.listRunDiscoveries(path: .init(runId: walk.id)).ok.body.json.discoveries
            #expect(found.map(\.point.title) == ["Near Person blue plaque"])
            let near = try #require(found.first)
            #expect(abs(near.distanceMeters - 15) < 0.5 && near.runId == walk.id)
            let seconds = near.discoveredAt.timeIntervalSince1970 - 1_750_000_000
            #expect(abs(seconds - 101 / 1.4) < 1)
            // A discovery scores, and moves the discoveries badge.
            let achievements = try await ann.client.getMyAchievements().ok.body.json
            #expect(achievements.points.discovery == 25)
            #expect(achievements.badges.first { $0.family == .discoveries }?.current == 1)

            // The map's box: nearest the centre first, with Ann's marks.
            let box = try await ann.client.listPointsOfInterest(query: .init(south: 51.4995, west: -0.1235, north: 51.5015, east: -0.1135)).ok.body.json
            #expect(box.points.map(\.title) == ["Near Person blue plaque", "Far Person"])
            #expect(box.points.map(\.discovered) == [true, false])

            // The detail: inscription, people with Wikipedia links, photo, Ann's discovery.
            let detail = try await ann.client.getPointOfInterest(path: .init(poiId: near.point.id)).ok.body.json
            #expect(detail.inscription == "Near Person lived here" && detail.erectedYear == 1950)
            #expect(detail.subjects.map(\.wikipediaUrl) == ["https://en.wikipedia.org/wiki/Near_Person"])
            #expect(detail.photoUrl == "https://example.org/1.jpg" && detail.discovery?.runId == walk.id)

            // Favourites.
            _ = try await ann.client.addFavouritePointOfInterest(path: .init(poiId: near.point.id)).noContent
            _ = try await ann.client.addFavouritePointOfInterest(path: .init(poiId: near.point.id)).noContent
            let favourites = try await ann.client.listFavouritePointsOfInterest().ok.body.json.points
            #expect(favourites.map(\.id) == [near.point.id] && favourites[0].favourite && favourites[0].discovered)
            let mine = try await ann.client.listDiscoveries().ok.body.json.discoveries
            #expect(mine.map(\.point.id) == [near.point.id] && mine[0].point.favourite)

            // A second walk past it the next day keeps the first discovery.
            let again = try await ann.client.uploadRun(body: .json(Self.walk(day: 1))).created.body.json
            #expect(try await ann.client.listDiscoveries().ok.body.json.discoveries.map(\.runId) == [walk.id])

            // Bo, even a friend, and anonymous readers never see Ann's discoveries or favourites.
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            #expect(try await bo.client.listDiscoveries().ok.body.json.discoveries.isEmpty)
            let boDetail = try await bo.client.getPointOfInterest(path: .init(poiId: near.point.id)).ok.body.json
            #expect(boDetail.discovery == nil && !boDetail.favourite)
            let boBox = try await bo.client.listPointsOfInterest(query: .init(south: 51.499, west: -0.121, north: 51.502, east: -0.11)).ok.body.json
            #expect(boBox.points.allSatisfy { !$0.discovered && !$0.favourite })
            let peek = try await server.raw(.GET, "/runs/\(walk.id)/discoveries", token: bo.token)
            #expect(peek.status == 404)
            #expect(try await server.raw(.GET, "/me/discoveries").status == 401)
            let anonymous = try await server.raw(.GET, "/pois/\(near.point.id)")
            #expect(anonymous.status == 200 && anonymous.json?["discovery"] == nil)

            // Deleting both walks forgets the discovery; the favourite stays.
            _ = try await ann.client.deleteRun(path: .init(runId: walk.id)).noContent
            #expect(try await ann.client.listDiscoveries().ok.body.json.discoveries.map(\.runId) == [again.id])
            _ = try await ann.client.deleteRun(path: .init(runId: again.id)).noContent
            #expect(try await ann.client.listDiscoveries().ok.body.json.discoveries.isEmpty)
            _ = try await ann.client.removeFavouritePointOfInterest(path: .init(poiId: near.point.id)).noContent
            #expect(try await ann.client.listFavouritePointsOfInterest().ok.body.json.points.isEmpty)
        }
    }

    @Test("bad boxes and unknown points are 4xx with a JSON error", arguments: TestDatabase.available)
    func badInput(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            for (path, status) in [("/pois?south=51&west=-1&north=52&east=0", 400), ("/pois?south=52&west=-0.1&north=51.9&east=0", 400),
                                   ("/pois?south=51&west=-0.1&north=51.1&east=0&limit=0", 400), ("/pois?south=x&west=0&north=1&east=1", 400),
                                   ("/pois/\(UUID())", 404), ("/pois/nope", 404), ("/popular-routes?latitude=51&longitude=0&radiusMeters=10", 400)] {
                let answer = try await server.raw(.GET, path, token: ann.token)
                #expect(answer.status == status, "\(path)")
                #expect(answer.errorCode != nil, "\(path)")
            }
            let favourite = try await server.raw(.PUT, "/pois/\(UUID())/favourite", token: ann.token)
            #expect(favourite.status == 404)
            // A box across the antimeridian is two boxes.
            _ = try await importPointsOfInterest([PointOfInterest(source: "t", sourceID: "e", title: "East", coordinate: .init(latitude: 0, longitude: 179.99)),
                                                  PointOfInterest(source: "t", sourceID: "w", title: "West", coordinate: .init(latitude: 0, longitude: -179.99))],
                                                 into: server.location)
            let across = try await ann.client.listPointsOfInterest(query: .init(south: -0.1, west: 179.9, north: 0.1, east: -179.9)).ok.body.json
            #expect(Set(across.points.map(\.title)) == ["East", "West"])
        }
    }

    @Test("a data set's text loses its NULs (U+0000) on import, as PostgreSQL can't store them", arguments: TestDatabase.available)
    func nulInImportedText(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let point = PointOfInterest(source: "t", sourceID: "n\0", title: "Ada\0 Lovelace", inscription: "Lived\0 here",
                                        coordinate: Self.origin, subjects: [.init(name: "Ada\0 Lovelace")])
            #expect(try await importPointsOfInterest([point], into: server.location) == POIImportCounts(imported: 1, updated: 0))
            let ann = try await server.newUser("Ann")
            let box = try await ann.client.listPointsOfInterest(query: .init(south: 51.4995, west: -0.1205, north: 51.5005, east: -0.1195)).ok.body.json
            let id = try #require(box.points.first).id
            let detail = try await ann.client.getPointOfInterest(path: .init(poiId: id)).ok.body.json
            #expect(detail.title == "Ada Lovelace" && detail.inscription == "Lived here" && detail.subjects.map(\.name) == ["Ada Lovelace"])
            // The same point again, NULs and all, is the one stored: updated, not added.
            #expect(try await importPointsOfInterest([point], into: server.location) == POIImportCounts(imported: 0, updated: 1))
        }
    }

    @Test("likes: idempotent, only on routes one may see; popular near you ranks by runners and likes", arguments: TestDatabase.available)
    func popular(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            func route(_ user: TestUser, day: Double, privacy: Components.Schemas.Privacy = .public, name: String) async throws -> Components.Schemas.Route {
                let run = try await user.client.uploadRun(query: .init(privacy: privacy), body: .json(Self.walk(day: day))).created.body.json
                return try await user.client.createRoute(body: .json(.init(runId: run.id, name: name))).created.body.json
            }
            let first = try await route(ann, day: 0, name: "First")
            let second = try await route(bo, day: 1, name: "Second")
            let hidden = try await route(cy, day: 2, privacy: .private, name: "Hidden")
            let query = Operations.ListPopularRoutes.Input.Query(latitude: Self.origin.latitude, longitude: Self.origin.longitude, radiusMeters: 1000)
            var popular = try await ann.client.listPopularRoutes(query: query).ok.body.json.routes
            #expect(Set(popular.map(\.route.name)) == ["First", "Second"])  // never the private one
            #expect(popular.allSatisfy { $0.score == 1 && $0.likes == 0 })

            let liked = try await ann.client.likeRoute(path: .init(routeId: second.id)).ok.body.json
            #expect(liked == .init(likes: 1, liked: true))
            #expect(try await ann.client.likeRoute(path: .init(routeId: second.id)).ok.body.json == .init(likes: 1, liked: true))
            #expect(try await cy.client.likeRoute(path: .init(routeId: second.id)).ok.body.json == .init(likes: 2, liked: true))
            popular = try await ann.client.listPopularRoutes(query: query).ok.body.json.routes
            #expect(popular.map(\.route.name) == ["Second", "First"] && popular[0].score == 2 && popular[0].liked)
            #expect(popular[0].route.likes == 2)
            #expect(try await bo.client.getRoute(path: .init(routeId: second.id)).ok.body.json.route.likes == 2)

            #expect(try await cy.client.unlikeRoute(path: .init(routeId: second.id)).ok.body.json == .init(likes: 1, liked: false))
            #expect(try await cy.client.unlikeRoute(path: .init(routeId: second.id)).ok.body.json == .init(likes: 1, liked: false))
            // Ann may not like (or learn of) Cy's private route.
            #expect(try await server.raw(.PUT, "/routes/\(hidden.id)/like", token: ann.token).status == 404)
            #expect(try await server.raw(.PUT, "/routes/\(first.id)/like").status == 401)
            let far = try await ann.client.listPopularRoutes(query: .init(latitude: 48.85, longitude: 2.35)).ok.body.json.routes
            #expect(far.isEmpty)
        }
    }
}
