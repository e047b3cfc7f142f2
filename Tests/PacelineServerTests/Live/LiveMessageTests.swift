import Foundation
import PacelineAPI
import Testing

/// The live wire contract, defined once: every message survives encoding and decoding,
/// and the examples in docs/live-protocol.md read as the types say.
@Suite("Live messages")
struct LiveMessageTests {
    static let time = Date(timeIntervalSince1970: 1_780_000_000.125)

    static let clientMessages: [LiveClientMessage] = [
        .hello(.init(token: "abc")),
        .hello(.init()),
        .follow(.init(routeId: "r1", paceRunId: "p1")),
        .follow(.init(routeId: "r1")),
        .resumeFollow(.init(followId: "f1")),
        .finishFollow,
        .createSession(.init(distanceMeters: 5_000, sport: .run, invite: ["u1", "u2"])),
        .joinSession(.init(code: "0427")),
        .joinSession(.init(sessionId: "s1")),
        .joinSession(.init(invitationId: "i1")),
        .invite(.init(userIds: ["u3"])),
        .ready(.init(ready: true)),
        .leave,
        .fixes(.init(fixes: [LiveFix(sequence: 1, latitude: 55.85, longitude: -4.23, elevation: 12.5, accuracy: 4, heartRate: 150, time: time)])),
    ]

    static let state = LiveSessionState(
        sessionId: "s1", hostId: "u1", code: "0427", codeExpiresAt: time, distanceMeters: 5_000, sport: .run, phase: .lobby,
        startsAt: nil, invitationId: nil, members: [.init(userId: "u1", displayName: "Ann", status: .ready)])

    static let serverMessages: [LiveServerMessage] = [
        .welcome(.init(userId: "u1", displayName: "Ann", serverTime: time)),
        .error(.init(code: "bad_fix", message: "fix 3: latitude outside -90…90°", sequence: 3)),
        .ack(.init(sequence: 42)),
        .followStarted(.init(followId: "f1", routeId: "r1", paceRunId: "p1", routeDistanceMeters: 5_012.5, lastSequence: 0)),
        .cue(.init(elapsedSeconds: 300, distanceMeters: 1_010, aheadSeconds: -4.5, deviated: false, finished: false, spoken: "4 seconds behind")),
        .cue(.init(elapsedSeconds: 305, distanceMeters: 1_030, aheadSeconds: nil, deviated: true, finished: false, spoken: nil)),
        .followFinished(.init(followId: "f1", runId: "x", routeId: "r1", classification: .follow, coverage: 0.97, elapsedSeconds: 1_500, rank: 2)),
        .session(state),
        .joined(.init(sessionId: "s1", lastSequence: 17)),
        .countdown(.init(sessionId: "s1", startsAt: time, serverTime: time)),
        .progress(.init(sessionId: "s1", userId: "u2", distanceMeters: 812.4, speedMetersPerSecond: 3.4, latitude: 55.86,
                        longitude: -4.25, elapsedSeconds: 240, time: time)),
        .finished(.init(sessionId: "s1", userId: "u2", seconds: 1_234.56)),
        .results(.init(sessionId: "s1", distanceMeters: 5_000, sport: .run, startsAt: time, winnerId: "u2", entries: [
            .init(rank: 1, userId: "u2", displayName: "Bo", status: .finished, seconds: 1_234.56, distanceMeters: 5_000,
                  averageSpeedMetersPerSecond: 4.05, maxSpeedMetersPerSecond: 4.9, kilocalories: 380, weightAssumed: false,
                  runId: "x", series: [.init(distanceMeters: 0, seconds: 0, speedMetersPerSecond: 0)]),
            .init(rank: nil, userId: "u1", displayName: "Ann", status: .gaveUp, seconds: nil, distanceMeters: 3_100,
                  averageSpeedMetersPerSecond: 3.1, maxSpeedMetersPerSecond: 3.9, kilocalories: 200, weightAssumed: true,
                  runId: nil, series: []),
        ])),
        .discovered(.init(sessionId: "s1", userId: "u2", pointId: "p1", title: "Charles Barry", latitude: 51.46206, longitude: -0.14572, time: time)),
    ]

    @Test("every client message round-trips", arguments: clientMessages)
    func clientRoundTrip(message: LiveClientMessage) throws {
        let text = try LiveCoding.encode(message)
        #expect(text.contains(#""type":"\#(message.kind.rawValue)""#))
        #expect(try LiveCoding.decode(LiveClientMessage.self, from: text) == message)
    }

    @Test("every server message round-trips", arguments: serverMessages)
    func serverRoundTrip(message: LiveServerMessage) throws {
        let text = try LiveCoding.encode(message)
        #expect(text.contains(#""type":"\#(message.kind.rawValue)""#))
        #expect(try LiveCoding.decode(LiveServerMessage.self, from: text) == message)
    }

    @Test("every kind is covered")
    func everyKind() {
        #expect(Set(Self.clientMessages.map(\.kind)) == Set(LiveClientMessage.Kind.allCases))
        #expect(Set(Self.serverMessages.map(\.kind)) == Set(LiveServerMessage.Kind.allCases))
    }

    @Test("a phone's fixes message as docs/live-protocol.md shows it, dates with or without milliseconds")
    func documentedFixes() throws {
        let text = """
            {"type": "fixes", "fixes": [
              {"sequence": 1, "latitude": 55.8506, "longitude": -4.2372, "accuracy": 5, "time": "2026-11-21T09:00:00Z"},
              {"sequence": 2, "latitude": 55.85065, "longitude": -4.2372, "elevation": 21.5, "accuracy": 4, "time": "2026-11-21T09:00:01.250Z"}
            ]}
            """
        guard case .fixes(let fixes) = try LiveCoding.decode(LiveClientMessage.self, from: text) else {
            Issue.record("not a fixes message")
            return
        }
        #expect(fixes.fixes.map(\.sequence) == [1, 2])
        #expect(fixes.fixes[1].time.timeIntervalSince(fixes.fixes[0].time) == 1.25)
        #expect(fixes.fixes[0].elevation == nil && fixes.fixes[1].elevation == 21.5)
    }

    @Test("an unknown type or a missing field is refused")
    func refused() {
        #expect(throws: DecodingError.self) { try LiveCoding.decode(LiveClientMessage.self, from: #"{"type":"teleport"}"#) }
        #expect(throws: DecodingError.self) { try LiveCoding.decode(LiveClientMessage.self, from: #"{"type":"createSession"}"#) }
        #expect(throws: DecodingError.self) { try LiveCoding.decode(LiveClientMessage.self, from: #"{"token":"abc"}"#) }
    }
}
