import FluentKit
import Foundation
import PacelineAPI
import PacelineCore
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// A shared walk finds plaques together: each point a walker passes is told to everyone in
/// the session, once per walker, from the server's own reading of their fixes; never where
/// the walker's privacy zones hide them, and never on a run.
@Suite("Plaques found on a live walk")
struct LiveDiscoveryTests {
    /// A plaque `meters` north of the synthetic races' start.
    static func plaque(_ title: String, north meters: Double, on server: TestServer) async throws -> String {
        let row = PointOfInterestRow()
        row.source = "test"
        row.sourceID = UUID().uuidString
        row.title = title
        row.latitude = LiveRace.origin.latitude + meters / 111_320
        row.longitude = LiveRace.origin.longitude
        row.subjects = []
        try await row.create(on: server.app.db)
        return try row.requireID().apiID
    }

    /// `host` makes a session of `sport` over `distance`, the others join with its code, all ready: the start.
    static func start(_ server: TestServer, _ walkers: [TestUser], sport: Sport, distance: Double) async throws -> ([LiveClient], Date) {
        let host = try await server.live(walkers[0])
        try await host.send(.createSession(.init(distanceMeters: distance, sport: sport)))
        _ = try await host.nextJoined()
        let code = try #require(try await host.nextSession().code)
        var clients = [host]
        for walker in walkers.dropFirst() {
            let client = try await server.live(walker)
            try await client.send(.joinSession(.init(code: code)))
            _ = try await client.nextJoined()
            clients.append(client)
        }
        _ = try await host.nextSession { $0.members.count == walkers.count }
        for client in clients { try await client.send(.ready(.init(ready: true))) }
        var start = Date()
        for client in clients { start = try await client.nextCountdown().startsAt }
        return (clients, start)
    }

    /// Every `discovered` message queued on `client`, in order, taken off the queue.
    static func discoveries(on client: LiveClient) async -> [LiveServerMessage.Discovered] {
        var taken: [LiveServerMessage.Discovered] = []
        while let found = try? await client.next(timeout: .milliseconds(200), { message -> LiveServerMessage.Discovered? in
            if case .discovered(let found) = message { found } else { nil }
        }) {
            taken.append(found)
        }
        return taken
    }

    @Test("each walker's plaques are told to both, once each; not inside the walker's privacy zone", arguments: TestDatabase.available)
    func sharedWalk(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let fountain = try await Self.plaque("Old fountain", north: 100, on: server)
            let home = try await Self.plaque("Ann's street", north: 900, on: server)
            _ = try await Self.plaque("Far away", north: 5_000, on: server)
            // The walk is 1,000 m; the fixes go on past it, as a walker's phone does.
            // Ann's home is 900 m along: her zone hides the plaque by it, wherever its hidden circle was drawn.
            let zone = Coordinate(latitude: LiveRace.origin.latitude + 900 / 111_320, longitude: LiveRace.origin.longitude)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: zone.latitude, longitude: zone.longitude, radiusMeters: 200)]))).ok

            let (clients, start) = try await Self.start(server, [ann, bo], sport: .walk, distance: 1_000)
            try await LiveRace.send(LiveRace.fixes(speed: 2, length: 1_100, start: start), over: clients[0])
            try await LiveRace.send(LiveRace.fixes(speed: 2, length: 1_100, start: start, lane: 5), over: clients[1])
            _ = try await clients[0].nextResults()

            for client in clients {
                let told = await Self.discoveries(on: client)
                let pairs = told.map { "\($0.userId == ann.id ? "Ann" : "Bo"): \($0.title)" }
                #expect(Set(pairs) == ["Ann: Old fountain", "Bo: Old fountain", "Bo: Ann's street"], "\(pairs)")
                #expect(pairs.count == 3, "each once: \(pairs)")
                let annFountain = try #require(told.first { $0.userId == ann.id })
                #expect(annFountain.pointId == fountain)
                // The point's position, and the time of the fix that passed it (30 m short of it, at 2 m/s: about 35 s in).
                #expect(abs(annFountain.latitude - (LiveRace.origin.latitude + 100 / 111_320)) < 1e-9)
                #expect((30...40).contains(annFountain.time.timeIntervalSince(start)), "\(annFountain.time.timeIntervalSince(start))")
                #expect(!told.contains { $0.userId == ann.id && $0.pointId == home })
            }
        }
    }

    @Test("a live run finds no plaques: runs don't discover", arguments: TestDatabase.available)
    func runsDont(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            _ = try await Self.plaque("Old fountain", north: 100, on: server)
            let (clients, start) = try await Self.start(server, [ann, bo], sport: .run, distance: 300)
            try await LiveRace.send(LiveRace.fixes(speed: 4, length: 400, start: start), over: clients[0])
            try await LiveRace.send(LiveRace.fixes(speed: 4, length: 400, start: start, lane: 5), over: clients[1])
            _ = try await clients[0].nextResults()
            for client in clients { #expect(await Self.discoveries(on: client).isEmpty) }
        }
    }
}
