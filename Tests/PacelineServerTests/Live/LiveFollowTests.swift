import Foundation
import PacelineAPI
import PacelineCore
import PacelineLiveClient
import PacelineTestSupport
import Testing

/// Following a route's pace over the live connection: cues every 5 s, a dropped
/// connection picked up where it was, and the run saved and classified at the end.
@Suite("Live follow")
struct LiveFollowTests {
    @Test("a route that starts in its creator's zone is raced from where it is shown: any run's pace, and live",
          arguments: TestDatabase.available)
    func paceFromWhereTheRouteIsShown(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let annRunID = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let home = try #require(try await ann.client.getRun(path: .init(runId: annRunID)).ok.body.json.start)
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: home.latitude, longitude: home.longitude, radiusMeters: 300)])))
            let zone = try #require(try await server.privacyZones(of: ann).first)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRunID, name: "From home"))).created.body.json
            // Bo, who has no zone, ran it too, from Ann's door.
            let bo = try await server.newUser("Bo", sharing: .public)
            let boRunID = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRunID))).created

            // Cy races Bo's pace: it starts where the route is shown, as Ann's does.
            let cy = try await server.newUser("Cy", sharing: .public)
            for runID in [annRunID, boRunID] {
                let pace = try await cy.client.getPace(path: .init(routeId: route.id), query: .init(runId: runID)).ok.body.json.checkpoints
                #expect(!pace.isEmpty && pace.allSatisfy { !zone.contains(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) })
                #expect(pace.first?.distanceMeters == 0 && pace.first?.elapsedSeconds == 0, "\(runID): \(String(describing: pace.first))")
            }
            // Bo's own run is his to see whole, but he races it on Ann's route from where she shows it.
            let own = try await bo.client.getPace(path: .init(routeId: route.id), query: .init(runId: boRunID)).ok.body.json.checkpoints
            #expect(own.first?.distanceMeters == 0 && own.first.map { !zone.contains(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) } == true)

            // Live, Cy starts where the route is shown, at Ann's pace: level with it, not minutes off.
            let shown = try RouteTests.follower(of: "gpx/run.gpx", startingAfter: 86_400, slower: 1, seed: 3)
                .filter { !zone.contains(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) }
            let fixes = shown.prefix(120).enumerated().map { index, fix in
                LiveFix(sequence: index + 1, latitude: fix.latitude, longitude: fix.longitude, elevation: fix.elevation, accuracy: 5, time: fix.time)
            }
            let live = try await server.live(cy)
            try await live.send(.follow(.init(routeId: route.id)))
            _ = try await live.next(waitingFor: "followStarted") { if case .followStarted(let s) = $0 { s } else { nil } }
            try await LiveRace.send(fixes, over: live, batch: 20)
            let cue = try await live.next(timeout: .seconds(10), waitingFor: "a cue on the route") {
                if case .cue(let c) = $0, !c.deviated, c.elapsedSeconds > 20 { c } else { nil }
            }
            let gap = try #require(cue.aheadSeconds)
            #expect(abs(gap) < 15, "\(gap) s ahead after \(cue.elapsedSeconds) s at the pace's own speed")
            await live.close()
        }
    }

    @Test("a follow streams cues, survives a drop, and joins the leaderboard", arguments: TestDatabase.available)
    func followAcrossADrop(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let uploaded = try await server.upload("gpx/run.gpx", as: ann)
            let annRunID = try #require(uploaded.json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRunID, name: "Park loop"))).created.body.json

            // Bo runs the route 10% slower than Ann, live.
            let bo = try await server.newUser("Bo", sharing: .public)
            let fixes = try RouteTests.follower(of: "gpx/run.gpx", startingAfter: 86_400, slower: 1.1, seed: 7).enumerated().map { index, fix in
                LiveFix(sequence: index + 1, latitude: fix.latitude, longitude: fix.longitude, elevation: fix.elevation, accuracy: 5, time: fix.time)
            }
            let first = try await server.live(bo)
            try await first.send(.follow(.init(routeId: route.id)))
            let started = try await first.next(waitingFor: "followStarted") { if case .followStarted(let s) = $0 { s } else { nil } }
            #expect(started.lastSequence == 0 && started.paceRunId == annRunID)
            #expect(abs(started.routeDistanceMeters - route.distanceMeters) < 1e-6)

            let half = fixes.count / 2
            try await LiveRace.send(fixes[..<half], over: first, batch: 20)
            let acked = try await first.nextAck(atLeast: half)
            let elapsed = fixes[half - 1].time.timeIntervalSince(fixes[0].time)
            // The same cues as PacelineCore's session gives replaying those fixes (a phone offline would).
            let pace = try Normalization.checkpoints(of: try ActivityReader.read(contentsOf: Fixtures.track("gpx/run.gpx")))
            let sent = Activity(format: .gpx, sport: .run, track: Track(segments: [fixes[..<half].map {
                Fix(time: $0.time, coordinate: Coordinate(latitude: $0.latitude, longitude: $0.longitude), elevation: $0.elevation, horizontalAccuracy: $0.accuracy)
            }]))
            let offline = FollowSession.replay(sent, against: pace).cues
            // An ack says the fixes are stored, which may happen before their cues are sent:
            // the cues are taken as they come, as many as the replay gives.
            var cues: [LiveServerMessage.Cue] = []
            while cues.count < offline.count,
                  let cue = try? await first.next(timeout: .seconds(5), waitingFor: "a cue", { if case .cue(let c) = $0 { c } else { nil } }) {
                cues.append(cue)
            }
            #expect(cues.count == offline.count && cues.count > Int(elapsed / 10), "\(cues.count) cues live, \(offline.count) offline, in \(elapsed) s")
            #expect(zip(cues, offline).allSatisfy { abs($0.elapsedSeconds - $1.elapsedSeconds) < 0.01 && $0.deviated == $1.deviated })
            let gap = try #require(cues.last?.aheadSeconds)
            #expect(gap < -10 && gap > -0.1 * elapsed - 15, "\(gap) s ahead after \(elapsed) s, running 10% slower")
            #expect(cues.contains { $0.spoken?.contains("behind") == true })
            await first.close()

            // Back online, through a new connection: the server has everything acknowledged.
            let second = try await server.live(bo)
            try await second.send(.resumeFollow(.init(followId: started.followId)))
            let resumed = try await second.next(waitingFor: "followStarted") { if case .followStarted(let s) = $0 { s } else { nil } }
            #expect(resumed.lastSequence == acked)
            // The phone resends a little more than needed; the overlap is ignored.
            try await LiveRace.send(fixes[(acked - 10)...], over: second, batch: 20)
            _ = try await second.nextAck(atLeast: fixes.count)
            try await second.send(.finishFollow)
            let finished = try await second.next(timeout: .seconds(30), waitingFor: "followFinished") {
                if case .followFinished(let f) = $0 { f } else { nil }
            }
            #expect(finished.classification == .follow && finished.rank == 2 && finished.coverage >= 0.8)
            let board = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json
            #expect(board.entries.map(\.runner.displayName) == ["Ann", "Bo"])
            let ratio = board.entries[1].elapsedSeconds / board.entries[0].elapsedSeconds
            #expect(abs(ratio - 1.1) < 0.03, "Bo took \(ratio)× Ann's time")
            let run = try await bo.client.getRun(path: .init(runId: finished.runId)).ok.body.json
            #expect(run.routeId == route.id && run.format == "live")

            // A finished follow can't be resumed.
            try await second.send(.resumeFollow(.init(followId: started.followId)))
            #expect(try await second.nextError().code == "follow_finished")
        }
    }

    @Test("a private route can't be followed by others", arguments: TestDatabase.available)
    func privateRouteRefused(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let uploaded = try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=private")
            let runID = try #require(uploaded.json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: runID))).created.body.json
            let eve = try await server.newUser("Eve", sharing: .public)
            let live = try await server.live(eve)
            try await live.send(.follow(.init(routeId: route.id)))
            #expect(try await live.nextError().code == "not_found")
        }
    }
}
