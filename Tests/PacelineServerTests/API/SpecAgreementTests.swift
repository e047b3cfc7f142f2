import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// What schemathesis' negative checks found accepted although openapi.yaml forbids it,
/// each now refused with 400 naming the problem (the spec and the validation agree).
@Suite("The spec and the validation agree")
struct SpecAgreementTests {
    static let json = [("Content-Type", "application/json")]

    static func message(_ response: TestServer.RawResponse) -> String {
        (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
    }

    @Test("null where the spec allows none is 400 naming the member; where it allows one it is read", arguments: TestDatabase.available)
    func nulls(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await server.importExampleMission("scotland-canals")
            let ann = try await server.newUser("Ann")
            let run = try await ann.client.uploadRun(body: .json(MissionFiles.northward(
                from: .init(latitude: 55.86, longitude: -4.25), metres: 300, start: Date()))).created.body.json
            let workout = #"{"name": "0", "steps": [{"repeat": 1, "intervals": [{"seconds": 60, "meters": null, "target": "rest"}]}]}"#
            let cases: [(String, String, String, String)] = [
                ("PATCH", "/me", #"{"displayName": "Ann", "defaultPrivacy": null}"#, "defaultPrivacy"),
                ("PATCH", "/runs/\(run.id)", #"{"name": "", "privacy": null}"#, "privacy"),
                ("PUT", "/missions/scotland-canals/journey", #"{"start": {"route": 0, "stage": 0}, "end": {"route": 0, "stage": 0}, "privacy": null}"#, "privacy"),
                ("POST", "/workouts", workout, "meters"),
                ("POST", "/runs", #"{"fixes": null, "segments": [[{"time": "2026-01-01T00:00:00Z", "latitude": 1, "longitude": 1}]]}"#, "fixes"),
            ]
            for (method, path, body, member) in cases {
                let response = try await server.raw(.init(rawValue: method), path, token: ann.token, headers: Self.json, body: Data(body.utf8))
                #expect(response.status == 400 && Self.message(response) == "`\(member)` is null: leave it out instead",
                        "\(method) \(path): \(response.status) \(Self.message(response))")
            }
            #expect(try await ann.client.getProfile().ok.body.json.defaultPrivacy == .private, "a new account's runs are its own until it chooses")
            #expect(try await ann.client.listWorkouts().ok.body.json.workouts.isEmpty)
            // "null" inside a string is text, and a member the spec makes nullable takes it.
            let named = try await server.raw(.PATCH, "/me", token: ann.token, headers: Self.json, body: Data(#"{"displayName": "null \"null\""}"#.utf8))
            #expect(named.status == 200 && named.json?["displayName"] as? String == #"null "null""#)
            let settings = try await server.raw(.PUT, "/workout-settings", token: ann.token, headers: Self.json, body: Data(#"""
                {"paceBands": {"rest": {"fastest": 480, "slowest": 720}, "easy": {"fastest": 360, "slowest": 420},
                 "steady": {"fastest": 300, "slowest": 360}, "fast": {"fastest": 240, "slowest": 300}}, "activeWorkoutId": null}
                """#.utf8))
            #expect(settings.status == 200, "\(Self.message(settings))")
        }
    }
}
