import Fluent
import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Live safety links: a secret address that shows a runner's position, way, pace and last
/// update to whoever holds it, without an account; the runner's privacy zones apply unless
/// they chose otherwise; ended or expired it answers 410; nobody else feeds or ends it.
@Suite("Live safety links")
struct BeaconTests {
    /// `count` fixes a second apart, north from Glasgow Green at 3 m/s, from `second` on.
    /// Ten minutes ago, to the second, once for the whole suite: every batch of a test
    /// must count from the same instant.
    static let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 600).rounded())

    static func fixes(_ count: Int, from second: Int = 0) -> [Components.Schemas.BeaconFix] {
        (second..<(second + count)).map { i in
            .init(time: start.addingTimeInterval(Double(i)), latitude: LiveRace.origin.latitude + 3 * Double(i) / 111_132,
                  longitude: LiveRace.origin.longitude)
        }
    }

    /// The metres between two of `fixes` one second apart (3 m, as a degree of latitude is
    /// about 111 km; exactly, as the geodesy measures it).
    static let step: Double = {
        let two = fixes(2)
        return Geodesy.distance(Coordinate(latitude: two[0].latitude, longitude: two[0].longitude),
                                Coordinate(latitude: two[1].latitude, longitude: two[1].longitude))
    }()

    /// Ann, with a privacy zone of 200 m round her home, `LiveRace.origin`, where `fixes` start.
    static func annAtHome(on server: TestServer) async throws -> TestUser {
        let ann = try await server.newUser("Ann")
        let home = LiveRace.origin
        _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: home.latitude, longitude: home.longitude, radiusMeters: 200)]))).ok
        return ann
    }

    static func token(of beacon: Components.Schemas.Beacon) -> String {
        String(beacon.address.dropFirst("/#/beacon/".count))
    }

    @Test("anyone with the address sees the runner now; fixes sent twice count once; ended, it is gone; nobody else feeds or ends it",
          arguments: TestDatabase.available)
    func live(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let beacon = try await ann.client.createBeacon(body: .json(.init(sport: .run))).created.body.json
            let token = Self.token(of: beacon)
            #expect(token.hasPrefix("bc_") && token.count >= 45, "256 random bits")
            #expect(!beacon.showPrivacyZones)
            let anyone = server.client()
            let before = try await anyone.getBeaconView(path: .init(token: token)).ok.body.json
            #expect(before.runner == "Ann" && before.position == nil && before.path.isEmpty && before.distanceMeters == 0)

            _ = try await ann.client.addBeaconFixes(path: .init(beaconId: beacon.id), body: .json(.init(fixes: Self.fixes(61)))).noContent
            // The same batch again (a retry), and the next, overlapping it.
            _ = try await ann.client.addBeaconFixes(path: .init(beaconId: beacon.id), body: .json(.init(fixes: Self.fixes(61)))).noContent
            _ = try await ann.client.addBeaconFixes(path: .init(beaconId: beacon.id), body: .json(.init(fixes: Self.fixes(60, from: 40)))).noContent
            let view = try await anyone.getBeaconView(path: .init(token: token)).ok
            let now = try view.body.json
            #expect(abs(now.distanceMeters - 3 * 99) < 1, "99 s at 3 m/s, each second once")
            #expect(abs((now.elapsedSeconds ?? 0) - 99) < 0.001 && abs((now.currentSpeedMetersPerSecond ?? 0) - 3) < 0.01)
            #expect(abs((now.position?.latitude ?? 0) - (LiveRace.origin.latitude + 297 / 111_132)) < 1e-6)
            #expect(now.path.count == 1 && now.path[0].count >= 50, "a point every 5 m")
            #expect(!now.inPrivateArea)
            #expect(view.headers.cacheControl == "no-store")

            // Nobody else feeds it or ends it; a wrong address is not one.
            #expect(try await server.raw(.POST, "/beacons/\(beacon.id)/fixes", token: bo.token, headers: [("Content-Type", "application/json")],
                                         body: Data(#"{"fixes": []}"#.utf8)).status == 404)
            #expect(try await server.raw(.DELETE, "/beacons/\(beacon.id)", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/beacon-views/bc_\(String(repeating: "A", count: 43))").status == 404)
            #expect(try await server.raw(.GET, "/beacon-views/\(token.dropLast())").status == 404)

            // Numbers that can't be true are passed over; too many at once is 400.
            let bad = #"{"fixes": [{"time": "2026-01-01T00:00:00Z", "latitude": 95, "longitude": 0}, {"time": "\#(ISO8601DateFormatter().string(from: Date()))", "latitude": 1e400, "longitude": 0}]}"#
            let badAnswer = try await server.raw(.POST, "/beacons/\(beacon.id)/fixes", token: ann.token, headers: [("Content-Type", "application/json")], body: Data(bad.utf8))
            #expect(badAnswer.status == 204 || badAnswer.status == 400)
            #expect(try await anyone.getBeaconView(path: .init(token: token)).ok.body.json.distanceMeters == now.distanceMeters)
            let many = Self.fixes(601, from: 200)
            let tooMany = try JSONEncoder.withDates.encode(Components.Schemas.BeaconFixes(fixes: many))
            #expect(try await server.raw(.POST, "/beacons/\(beacon.id)/fixes", token: ann.token, headers: [("Content-Type", "application/json")],
                                         body: tooMany).status == 400)

            // Ended: the address answers 410, and the phone's late fixes 409.
            _ = try await ann.client.endBeacon(path: .init(beaconId: beacon.id)).noContent
            #expect(try await server.raw(.GET, "/beacon-views/\(token)").status == 410)
            #expect(try await server.raw(.POST, "/beacons/\(beacon.id)/fixes", token: ann.token, headers: [("Content-Type", "application/json")],
                                         body: Data(#"{"fixes": []}"#.utf8)).status == 409)
            // Expired after a day, whatever the phone does.
            let other = try await ann.client.createBeacon(body: .json(.init())).created.body.json
            try await Beacon.query(on: server.app.db).filter(\.$id == UUID(uuidString: other.id)!)
                .set(\.$expiresAt, to: Date().addingTimeInterval(-1)).update()
            #expect(try await server.raw(.GET, "/beacon-views/\(Self.token(of: other))").status == 410)
        }
    }

    @Test("the runner's privacy zones apply to the link's viewers unless the runner shows them for this link",
          arguments: TestDatabase.available)
    func zones(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await Self.annAtHome(on: server)
            let home = LiveRace.origin
            let hidden = try await ann.client.createBeacon(body: .json(.init(sport: .run))).created.body.json
            let shown = try await ann.client.createBeacon(body: .json(.init(sport: .run, showPrivacyZones: true))).created.body.json
            for beacon in [hidden, shown] {
                _ = try await ann.client.addBeaconFixes(path: .init(beaconId: beacon.id), body: .json(.init(fixes: Self.fixes(50)))).noContent
            }
            // 150 m from home after 50 s: still inside the zone. Nothing tells how far in, how
            // long, or that the phone is still sending.
            let inside = try await server.client().getBeaconView(path: .init(token: Self.token(of: hidden))).ok.body.json
            #expect(inside.position == nil && inside.inPrivateArea && inside.path.isEmpty)
            #expect(inside.distanceMeters == 0 && inside.elapsedSeconds == nil && inside.startedAt == nil)
            #expect(inside.lastUpdate == nil && inside.currentSpeedMetersPerSecond == nil && !inside.sinceLeavingPrivateArea && !inside.paused)
            let open = try await server.client().getBeaconView(path: .init(token: Self.token(of: shown))).ok.body.json
            #expect(open.position != nil && !open.inPrivateArea && open.path.first?.count ?? 0 > 10)

            // Out of the zone, the way shows from where it leaves it, never inside.
            _ = try await ann.client.addBeaconFixes(path: .init(beaconId: hidden.id), body: .json(.init(fixes: Self.fixes(100, from: 50)))).noContent
            let outside = try await server.client().getBeaconView(path: .init(token: Self.token(of: hidden))).ok.body.json
            #expect(outside.position != nil && !outside.inPrivateArea && outside.lastUpdate != nil)
            // The zone's hidden circle reaches 200 to 400 m north of home, as it was drawn: the way shown is from there to 447 m.
            let zone = try #require(try await server.privacyZones(of: ann).first)
            let points = outside.path.flatMap { $0 }.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            let shownLength = Geodesy.length(of: points)
            // The numbers are the way shown's: from where it leaves the zone, said so.
            #expect(outside.sinceLeavingPrivateArea && abs(outside.distanceMeters - shownLength) < 6 && (30...250).contains(shownLength),
                    "the way shown: \(shownLength) m, the distance said: \(outside.distanceMeters) m")
            #expect(abs((outside.elapsedSeconds ?? 0) - outside.distanceMeters / Self.step) < 0.01)
            #expect(!points.isEmpty && points.allSatisfy { !zone.contains($0) && Geodesy.distance($0, home) > 200 })

            // At most three open at once: a fourth is 409 until one ends.
            _ = try await ann.client.createBeacon(body: .json(.init())).created
            #expect(try await server.raw(.POST, "/beacons", token: ann.token, headers: [("Content-Type", "application/json")], body: Data("{}".utf8)).status == 409)
            _ = try await ann.client.endBeacon(path: .init(beaconId: shown.id)).noContent
            _ = try await ann.client.createBeacon(body: .json(.init())).created
        }
    }

    @Test("from a private area: time, distance and pace since leaving it; a pause is said, its time and way left out; home again, the numbers stop",
          arguments: TestDatabase.available)
    func sinceLeaving(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await Self.annAtHome(on: server)
            let home = LiveRace.origin
            let zone = try #require(try await server.privacyZones(of: ann).first)
            let beacon = try await ann.client.createBeacon(body: .json(.init(sport: .run))).created.body.json
            let token = Self.token(of: beacon)
            func view() async throws -> Components.Schemas.BeaconView {
                try await server.client().getBeaconView(path: .init(token: token)).ok.body.json
            }
            func send(_ fixes: [Components.Schemas.BeaconFix], pausedAt: Date? = nil) async throws {
                _ = try await ann.client.addBeaconFixes(path: .init(beaconId: beacon.id), body: .json(.init(fixes: fixes, pausedAt: pausedAt))).noContent
            }
            // 200 s north at 3 m/s from home: first seen at the first fix outside the zone.
            try await send(Self.fixes(200))
            let seen = try #require(Self.fixes(200).firstIndex { !zone.contains(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) })
            let running = try await view()
            #expect(running.sinceLeavingPrivateArea && !running.paused && !running.inPrivateArea)
            #expect(running.startedAt == Self.start.addingTimeInterval(Double(seen)))
            #expect(abs(running.distanceMeters - Self.step * Double(199 - seen)) < 0.01 && running.elapsedSeconds == Double(199 - seen),
                    "\(running.distanceMeters) m in \(running.elapsedSeconds ?? -1) s since fix \(seen)")
            #expect(abs((running.currentSpeedMetersPerSecond ?? 0) - 3) < 0.01)

            // Paused 5.5 s after the next six fixes: said, and no current pace while paused.
            try await send(Self.fixes(6, from: 200), pausedAt: Self.start.addingTimeInterval(205.5))
            let paused = try await view()
            #expect(paused.paused && paused.currentSpeedMetersPerSecond == nil && paused.lastUpdate != nil)
            #expect(paused.elapsedSeconds == Double(205 - seen))
            // Resumed 94.5 s later, 285 m on (the phone's dot moved while the recording was
            // paused): neither the pause's time nor that way counts.
            try await send(Self.fixes(20, from: 300))
            let resumed = try await view()
            #expect(!resumed.paused && abs((resumed.currentSpeedMetersPerSecond ?? 0) - 3) < 0.01)
            #expect(abs(resumed.distanceMeters - Self.step * Double(205 - seen + 19)) < 0.01, "\(resumed.distanceMeters) m")
            #expect(abs((resumed.elapsedSeconds ?? 0) - (Double(319 - seen) - 94.5)) < 0.001, "\(resumed.elapsedSeconds ?? -1) s")

            // Home again: where they are and how far in is hidden; the numbers stop where they were last seen.
            try await send([320, 330, 340].map { .init(time: Self.start.addingTimeInterval($0), latitude: home.latitude, longitude: home.longitude) },
                           pausedAt: Self.start.addingTimeInterval(341))
            let home2 = try await view()
            #expect(home2.inPrivateArea && home2.position == nil && home2.lastUpdate == nil && !home2.paused && home2.currentSpeedMetersPerSecond == nil)
            #expect(home2.distanceMeters == resumed.distanceMeters && home2.elapsedSeconds == resumed.elapsedSeconds)
        }
    }

    @Test("misses are counted per client address and a real link answers past them; links made per account, sends per link")
    func limits() async throws {
        var limits = AttemptLimits()
        limits.beaconViewsPerAddress = .init(attempts: 5, window: 3_600)
        limits.beaconsPerAccount = .init(attempts: 2, window: 3_600)
        try await withServer(.sqlite, limits: limits) { server in
            let ann = try await server.newUser("Ann")
            let beacon = try await ann.client.createBeacon(body: .json(.init())).created.body.json
            // A family watching a real link never runs out.
            for _ in 0..<8 { _ = try await server.client().getBeaconView(path: .init(token: Self.token(of: beacon))).ok }
            let statuses = try await (0..<6).asyncMap { i in
                try await server.raw(.GET, "/beacon-views/bc_guess\(i)").status
            }
            #expect(statuses == [404, 404, 404, 404, 404, 429])
            // Past it, the real link still answers there: watchers behind one NAT never lose
            // a runner to someone else's wrong addresses (a 429 before).
            for _ in 0..<3 { _ = try await server.client().getBeaconView(path: .init(token: Self.token(of: beacon))).ok }

            // 30 sends a minute, counted under the user's lock: the 31st is 429.
            var sent: [Int] = []
            for second in 0..<31 {
                let body = try JSONEncoder.withDates.encode(Components.Schemas.BeaconFixes(fixes: Self.fixes(1, from: second)))
                sent.append(try await server.raw(.POST, "/beacons/\(beacon.id)/fixes", token: ann.token,
                                                 headers: [("Content-Type", "application/json")], body: body).status)
            }
            #expect(sent.dropLast().allSatisfy { $0 == 204 } && sent.last == 429)

            _ = try await ann.client.endBeacon(path: .init(beaconId: beacon.id)).noContent
            _ = try await ann.client.createBeacon(body: .json(.init())).created
            #expect(try await server.raw(.POST, "/beacons", token: ann.token, headers: [("Content-Type", "application/json")], body: Data("{}".utf8)).status == 429)
        }
    }
}

private extension JSONEncoder {
    static var withDates: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

private extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
