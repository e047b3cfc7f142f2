import Foundation
import PacelineAPI
import PacelineLiveClient
import PacelineServer
import PacelineTestSupport
import Testing

/// Two `paceline serve` instances on one PostgreSQL: friends connected to different
/// instances race each other, their events crossing by LISTEN/NOTIFY.
@Suite("Live across instances")
struct LiveInstancesTests {
    @Test("runners on two instances see each other and get the same results",
          .enabled(if: TestDatabase.available.contains(.postgres), "needs PACELINE_TEST_POSTGRES_URL"))
    func twoInstances() async throws {
        try await withServer(.postgres) { first in
            try await withServer(.postgres, sharing: first) { second in
                let ann = try await first.newUser("Ann"), bo = try await second.newUser("Bo")
                let annLive = try await first.live(ann), boLive = try await second.live(bo)
                try await annLive.send(.createSession(.init(distanceMeters: 400)))
                let joined = try await annLive.nextJoined()
                let code = try #require(try await annLive.nextSession().code)
                try await boLive.send(.joinSession(.init(code: code)))
                #expect(try await boLive.nextJoined().sessionId == joined.sessionId)
                // Ann's instance hears of Bo joining on the other one.
                _ = try await annLive.nextSession { $0.members.map(\.displayName) == ["Ann", "Bo"] }
                try await annLive.send(.ready(.init(ready: true)))
                try await boLive.send(.ready(.init(ready: true)))
                let start = try await annLive.nextCountdown().startsAt
                #expect(try await boLive.nextCountdown().startsAt == start)

                async let annSent: Void = LiveRace.send(LiveRace.fixes(speed: 4, length: 500, start: start), over: annLive, batch: 1)
                async let boSent: Void = LiveRace.send(LiveRace.fixes(speed: 3.5, length: 500, start: start, lane: 4), over: boLive, batch: 1)
                _ = try await (annSent, boSent)
                let results = try await annLive.nextResults()
                #expect(try await boLive.nextResults() == results)
                #expect(results.entries.map(\.displayName) == ["Ann", "Bo"], "\(results.entries.map { ($0.displayName, $0.status, $0.seconds, $0.distanceMeters) })")
                #expect(abs((results.entries[0].seconds ?? 0) - 100) < 0.5)
                #expect(abs((results.entries[1].seconds ?? 0) - 400 / 3.5) < 0.5)
                try await Task.sleep(for: .milliseconds(500))
                // One update per fix (a second apart) to the line, each once.
                let annSeen = try await boLive.takeProgress(of: ann.id), boSeen = try await annLive.takeProgress(of: bo.id)
                #expect(annSeen.count >= 101 && annSeen.count <= 103, "Bo saw \(annSeen.count) updates of Ann")
                #expect(boSeen.count >= 115 && boSeen.count <= 117, "Ann saw \(boSeen.count) updates of Bo")
                #expect(Set(annSeen.map(\.time)).count == annSeen.count && Set(boSeen.map(\.time)).count == boSeen.count)
            }
        }
    }

    @Test("a lobby member connected to the other instance keeps their place; gone, they are sent back to invited",
          .enabled(if: TestDatabase.available.contains(.postgres), "needs PACELINE_TEST_POSTGRES_URL"))
    func lobbyPresenceAcrossInstances() async throws {
        var settings = LiveSettings.testing
        (settings.lobbyGrace, settings.presenceInterval) = (LiveLobbyPresenceTests.grace, 0.1)
        try await withServer(.postgres, live: settings) { first in
            try await withServer(.postgres, live: settings, sharing: first) { second in
                let ann = try await first.newUser("Ann"), bo = try await second.newUser("Bo")
                let annLive = try await first.live(ann), boLive = try await second.live(bo)
                try await annLive.send(.createSession(.init(distanceMeters: 400)))
                _ = try await annLive.nextJoined()
                let code = try #require(try await annLive.nextSession().code)
                try await boLive.send(.joinSession(.init(code: code)))
                _ = try await boLive.nextJoined()
                try await boLive.send(.ready(.init(ready: true)))
                _ = try await annLive.nextSession { $0.members.map(\.status) == [.joined, .ready] }
                // The first instance holds no connection of Bo's, and still leaves him in the lobby.
                try await Task.sleep(for: .seconds(LiveLobbyPresenceTests.grace + 2))
                #expect(!annLive.queued.contains { if case .session(let s) = $0 { s.members.last?.status == .invited } else { false } })
                await boLive.close()
                let after = try await annLive.nextSession { $0.members.last?.status == .invited }
                #expect(after.members.map(\.status) == [.joined, .invited])
            }
        }
    }
}
