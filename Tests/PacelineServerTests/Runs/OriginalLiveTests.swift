import Foundation
import PacelineAPI
import PacelineCore
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// A live race's or follow's run keeps what the phone sent: every fix, numbered as sent,
/// before the gun and past the line too, where the run itself is cut.
@Suite("Originals of live runs")
struct OriginalLiveTests {
    @Test("a live race's runs keep every fix each phone sent, as one `fixes` message", arguments: TestDatabase.available)
    func race(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo")
            let race = try await LiveSessionTests.startRace(server, [ann, bo], distance: 500)
            // Each stands 5 s before the gun and runs on 100 m past the line.
            let sent = [LiveRace.fixes(speed: 4, length: 600, start: race.startsAt.addingTimeInterval(-5)),
                        LiveRace.fixes(speed: 3.6, length: 600, start: race.startsAt.addingTimeInterval(-5), lane: 5)]
            async let annSent: Void = LiveRace.send(sent[0], over: race.clients[0])
            async let boSent: Void = LiveRace.send(sent[1], over: race.clients[1])
            _ = try await (annSent, boSent)
            let results = try await race.clients[0].nextResults()
            for (runner, fixes) in zip([ann, bo], sent) {
                let runID = try #require(results.entries.first { $0.userId == runner.id }?.runId)
                // The results come as the last runner crosses the line: what the phone sends
                // after, the run can't hold, but everything it sent till then is kept.
                let (run, kept) = try await Self.expectOriginal(of: runID, is: fixes, owner: runner, server, whole: false)
                #expect(run.points < kept, "the run is the race, from the gun to the line: \(run.points) of \(kept) fixes")
            }
            for client in race.clients { await client.close() }
        }
    }

    @Test("a live follow's run keeps every fix the phone sent, resent ones once", arguments: TestDatabase.available)
    func follow(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun, name: "Park loop"))).created.body.json
            let bo = try await server.newUser("Bo")
            let fixes = try RouteTests.follower(of: "gpx/run.gpx", startingAfter: 86_400, slower: 1.1, seed: 7).enumerated().map { index, fix in
                LiveFix(sequence: index + 1, latitude: fix.latitude, longitude: fix.longitude, elevation: fix.elevation, accuracy: 5,
                        heartRate: 150, time: fix.time)
            }
            let client = try await server.live(bo)
            try await client.send(.follow(.init(routeId: route.id)))
            _ = try await client.next(waitingFor: "followStarted") { if case .followStarted(let s) = $0 { s } else { nil } }
            // The first half, then all of it again, as a phone resends what it thinks unacknowledged.
            try await LiveRace.send(fixes[..<(fixes.count / 2)], over: client, batch: 20)
            try await LiveRace.send(fixes, over: client, batch: 20)
            _ = try await client.nextAck(atLeast: fixes.count)
            try await client.send(.finishFollow)
            let finished = try await client.next(timeout: .seconds(30), waitingFor: "followFinished") {
                if case .followFinished(let f) = $0 { f } else { nil }
            }
            _ = try await Self.expectOriginal(of: finished.runId, is: fixes, owner: bo, server, whole: true)
            await client.close()
        }
    }

    /// Checks that the run's original is one `fixes` message holding `sent` (`whole`), or
    /// the first of them up to the run's end at least, each fix as the server keeps a live
    /// fix (1e-7°, 1 cm, 1 ms), read back by `RunOriginal.activity`, and its owner's alone;
    /// returns the run and how many fixes its original holds.
    static func expectOriginal(of runID: String, is sent: [LiveFix], owner: TestUser, _ server: TestServer,
                               whole: Bool) async throws -> (Run, Int) {
        let answer = try await OriginalPrivacyTests.original(of: runID, server, token: owner.token)
        #expect(answer.status == 200 && OriginalTests.header("Content-Type", of: answer)?.hasPrefix("application/json") == true)
        #expect(OriginalTests.header("Content-Disposition", of: answer)?.hasSuffix(".live.json\"") == true)
        guard case .fixes(let message) = try LiveCoding.decode(LiveClientMessage.self, from: String(decoding: answer.body, as: UTF8.self)) else {
            throw Unexpected(answer: String(decoding: answer.body.prefix(200), as: UTF8.self))
        }
        let kept = message.fixes.count
        #expect(whole ? kept == sent.count : kept <= sent.count)
        #expect(message.fixes.map(\.sequence) == Array(1...kept))
        for (kept, fix) in zip(message.fixes, sent) {
            #expect(abs(kept.latitude - fix.latitude) < 1e-7 && abs(kept.longitude - fix.longitude) < 1e-7)
            #expect(abs(kept.time.timeIntervalSince(fix.time)) < 0.001 && kept.accuracy == fix.accuracy && kept.heartRate == fix.heartRate)
            #expect(abs((kept.elevation ?? 0) - (fix.elevation ?? 0)) < 0.01)
        }
        let run = try #require(try await Run.find(UUID(uuidString: runID), on: server.app.db))
        let activity = try #require(try await RunOriginal.activity(of: run, on: server.app.db))
        #expect(activity.track.fixes.count == kept && activity.sport == run.sport)
        let first = try #require(activity.track.fixes.first?.time), sentFirst = try #require(sent.first?.time)
        #expect(abs(first.timeIntervalSince(sentFirst)) < 0.001, "from the first fix sent, before the gun too")
        #expect(try #require(activity.track.fixes.last?.time) >= (try #require(run.endTime)), "to the run's end at least")
        #expect(try await server.raw(.GET, "/runs/\(runID)/original").status == 404)
        return (run, kept)
    }

    /// An original that is not a live `fixes` message.
    struct Unexpected: Error {
        var answer: String
    }
}
