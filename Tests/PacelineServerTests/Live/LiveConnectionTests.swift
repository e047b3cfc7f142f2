import Foundation
import PacelineAPI
import PacelineLiveClient
import PacelineServer
import PacelineTestSupport
import Testing

/// The live connection itself: who may use it, and what happens to bad messages (an
/// `error` message each, and the connection keeps working).
@Suite("Live connection")
struct LiveConnectionTests {
    @Test("nothing before hello; a bad token is refused", arguments: TestDatabase.available)
    func helloFirst(database: TestDatabase) async throws {
        try await withServer(database) { server in
            // Registered first: the connection has 5 s to authenticate, 2 of them spent on
            // the two refusals' pauses.
            let ann = try await server.newUser("Ann")
            let client = try await LiveClient.connect(to: server.liveURL)
            try await client.send(.createSession(.init(distanceMeters: 1_000)))
            #expect(try await client.nextError().code == "unauthorized")
            try await client.send(.hello(.init(token: "not-a-token")))
            #expect(try await client.nextError().code == "unauthorized")
            try await client.send(.hello(.init(token: ann.token)))
            let welcome = try await client.next { if case .welcome(let w) = $0 { w } else { nil } }
            #expect(welcome.userId == ann.id && welcome.displayName == "Ann")
            #expect(abs(welcome.serverTime.timeIntervalSinceNow) < 5)
        }
    }

    @Test("bad messages get an error and the socket lives on", arguments: TestDatabase.available)
    func badMessages(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let live = try await server.live(ann)
            let cases: [(String, String)] = [
                ("not json at all", "bad_message"),
                (#"{"type":"teleport"}"#, "bad_message"),
                (#"{"type":"createSession"}"#, "bad_message"),
                (#"{"type":"createSession","distanceMeters":"far"}"#, "bad_message"),
                (#"{"type":"createSession","distanceMeters":5}"#, "bad_distance"),
                (#"{"type":"createSession","distanceMeters":5000,"sport":"swim"}"#, "bad_sport"),
                (#"{"type":"ready","ready":true}"#, "not_in_session"),
                (#"{"type":"fixes","fixes":[]}"#, "not_started"),
                (#"{"type":"joinSession"}"#, "bad_message"),
                (#"{"type":"joinSession","code":"1234","sessionId":"x"}"#, "bad_message"),
                (#"{"type":"follow","routeId":"nope"}"#, "not_found"),
                (#"{"type":"finishFollow"}"#, "not_following"),
                (#"{"type":"hello","token":"x"}"#, "bad_message"),
            ]
            for (text, code) in cases {
                try await live.send(text: text)
                let error = try await live.nextError()
                #expect(error.code == code, "\(text) → \(error.code): \(error.message)")
                #expect(!error.message.isEmpty)
            }
            // Bad fixes in a session.
            try await live.send(.createSession(.init(distanceMeters: 1_000)))
            _ = try await live.nextJoined()
            let now = Date()
            let fix = { (sequence: Int, latitude: Double) in LiveFix(sequence: sequence, latitude: latitude, longitude: -4.2, time: now) }
            let fixCases: [([LiveFix], String, Int?)] = [
                ([fix(2, 55.8)], "sequence_gap", 2),
                ([fix(1, 55.8), fix(3, 55.8)], "bad_message", 3),
                ([fix(1, 55.8), fix(2, 95)], "bad_fix", 2),
            ]
            for (fixes, code, sequence) in fixCases {
                try await live.send(.fixes(.init(fixes: fixes)))
                let error = try await live.nextError()
                #expect(error.code == code && error.sequence == sequence, "\(error.code) \(error.message)")
            }
            // Nothing of a refused message was taken: fix 1 is still the next one, and it works.
            try await live.send(.fixes(.init(fixes: [fix(1, 55.8)])))
            #expect(try await live.nextAck(atLeast: 1) == 1)
            #expect(!live.isClosed)
        }
    }

    @Test("a fix from the future is refused when the clock is checked")
    func futureFix() async throws {
        var settings = LiveSettings.testing
        settings.fixClockTolerance = 10
        try await withServer(live: settings) { server in
            let ann = try await server.newUser("Ann")
            let live = try await server.live(ann)
            try await live.send(.createSession(.init(distanceMeters: 1_000)))
            _ = try await live.nextJoined()
            let late = LiveFix(sequence: 1, latitude: 55.8, longitude: -4.2, time: Date().addingTimeInterval(60))
            try await live.send(.fixes(.init(fixes: [late])))
            #expect(try await live.nextError().code == "bad_fix")
        }
    }
}
