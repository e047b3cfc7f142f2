import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Searching routes and places by name: folded (case and accents), routes by the starts of
/// their words, public routes and the searcher's own only, nearest first when a point is
/// given, bad input a 400.
@Suite("Search by name")
struct NameSearchTests {
    /// A 600 m run east from (`latitude`, -4.25), shared as `privacy`, made a route named `name`.
    static func route(_ name: String, by user: TestUser, privacy: Components.Schemas.Privacy, latitude: Double) async throws -> String {
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        let fixes = (0...40).map { i -> Components.Schemas.FixInput in
            .init(time: start.addingTimeInterval(Double(i) * 5), latitude: latitude, longitude: -4.25 + Double(i) * 15 / 62_500,
                  horizontalAccuracy: 5)
        }
        let run = try await user.client.uploadRun(query: .init(privacy: privacy), body: .json(.init(sport: .run, fixes: fixes))).created.body.json
        return try await user.client.createRoute(body: .json(.init(runId: run.id, name: name))).created.body.json.id
    }

    @Test("routes by folded name, public and one's own only; plaques by title; nearest first", arguments: TestDatabase.available)
    func search(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let far = try await Self.route("Loch Lomond shore", by: ann, privacy: .public, latitude: 56.10)
            let near = try await Self.route("Lochán loop", by: ann, privacy: .public, latitude: 55.86)
            let secret = try await Self.route("Loch secret", by: bo, privacy: .private, latitude: 55.87)
            let friends = try await Self.route("Loch of friends", by: bo, privacy: .friends, latitude: 55.87)
            _ = try await importPointsOfInterest([PointOfInterest(source: "openplaques", sourceID: "9", title: "Lochhead Tower plaque",
                                                                  coordinate: Coordinate(latitude: 55.85, longitude: -4.25))],
                                                 into: server.location)

            // Anonymous, near Glasgow: both of Ann's public routes, the nearer first; none of Bo's.
            let anyone = server.client()
            let found = try await anyone.searchByName(query: .init(q: "LOCH", latitude: 55.86, longitude: -4.25)).ok.body.json
            #expect(found.routes.map(\.id) == [near, far])
            #expect(found.places.map(\.title) == ["Lochhead Tower plaque"])
            // Accents and case fold both ways; by name without a point.
            let folded = try await anyone.searchByName(query: .init(q: "  lochan ")).ok.body.json
            #expect(folded.routes.map(\.name) == ["Lochán loop"] && folded.places.isEmpty)
            // Every word must start a word of the name, in any order; inside a word is no match.
            #expect(try await anyone.searchByName(query: .init(q: "shore lo")).ok.body.json.routes.map(\.id) == [far])
            #expect(try await anyone.searchByName(query: .init(q: "omond")).ok.body.json.routes.isEmpty)

            // Bo finds his own, whatever their privacy; Ann never finds Bo's private or friends' route.
            let bos = try await bo.client.searchByName(query: .init(q: "loch")).ok.body.json.routes.map(\.id)
            #expect(Set(bos) == [far, near, secret, friends])
            let anns = try await ann.client.searchByName(query: .init(q: "secret")).ok.body.json
            #expect(anns.routes.isEmpty)
            // A deleted route is found no more.
            _ = try await ann.client.deleteRoute(path: .init(routeId: far)).noContent
            #expect(try await anyone.searchByName(query: .init(q: "lomond")).ok.body.json.routes.isEmpty)
            // Words ending in the last letter or digit still bound their range; a one-letter
            // word beside others is left out ("Zz 9" finds by "zz").
            let jazz = try await Self.route("Jazz Zz 9 loop", by: ann, privacy: .public, latitude: 55.9)
            #expect(try await anyone.searchByName(query: .init(q: "jazz")).ok.body.json.routes.map(\.id) == [jazz])
            #expect(try await anyone.searchByName(query: .init(q: "zz 9")).ok.body.json.routes.map(\.id) == [jazz])
            #expect(try await anyone.searchByName(query: .init(q: "9 q")).ok.body.json.routes.isEmpty)
            // A LIKE wildcard is a character, not a pattern.
            #expect(try await anyone.searchByName(query: .init(q: "%%")).ok.body.json.routes.isEmpty)

            // Bad input: too short, a lone latitude, a latitude out of range: 400, named.
            for (query, field) in [("q=l", "q"), ("q=loch&latitude=55.8", "latitude"), ("q=loch&latitude=95&longitude=0", "latitude")] {
                let answer = try await server.raw(.GET, "/search?\(query)")
                #expect(answer.status == 400 && answer.errorCode == "bad_request", "\(query)")
                #expect(String(decoding: answer.body, as: UTF8.self).contains(field), "\(query)")
            }
        }
    }

    @Test("migration 017 indexes the routes and plaques stored before it", arguments: TestDatabase.available)
    func backfill(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let route = try await Self.route("Canal towpath", by: ann, privacy: .public, latitude: 55.86)
            _ = try await importPointsOfInterest([PointOfInterest(source: "openplaques", sourceID: "7", title: "Canal basin plaque",
                                                                  coordinate: Coordinate(latitude: 55.85, longitude: -4.25))],
                                                 into: server.location)
            // The database as before migration 017, then the migration over what it holds.
            try await AddSearchNames().revert(on: server.app.db)
            try await AddSearchNames().prepare(on: server.app.db)
            let found = try await server.client().searchByName(query: .init(q: "canal")).ok.body.json
            #expect(found.routes.map(\.id) == [route])
            #expect(found.places.map(\.title) == ["Canal basin plaque"])
        }
    }
}
