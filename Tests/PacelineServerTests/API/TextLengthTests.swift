import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Lengths (issue 17, item 7): every text field the server stores or looks up by is at
/// most its openapi.yaml `maxLength` in characters (code points, not what a person sees)
/// and 4 bytes a character; longer is 400 naming the field. Text from a file is cut.
@Suite("Text lengths")
struct TextLengthTests {
    static let json = [("Content-Type", "application/json")]
    /// One letter and 500,000 combining acute accents: one character as a person sees it,
    /// 500,001 as JSON Schema counts.
    static let stacked = "a" + String(repeating: "\u{301}", count: 500_000)

    static func body(_ object: [String: Any]) -> Data { try! JSONSerialization.data(withJSONObject: object) }

    static func message(_ response: TestServer.RawResponse) -> String {
        (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
    }

    @Test("display names: 500,000 combining marks or 100 KB at registration are refused, naming the field", arguments: TestDatabase.available)
    func displayNames(database: TestDatabase) async throws {
        try await withServer(database) { server in
            // 500,000 marks make a 1 MB body: refused whole, before it is read.
            let whole = try await server.raw(.POST, "/auth/register", headers: Self.json, body: Self.body([
                "email": "whole@example.org", "password": "long enough password", "displayName": Self.stacked]))
            #expect(whole.status == 413 && whole.errorCode == "payload_too_large")
            for (label, name) in [("60,000 stacked marks", "a" + String(repeating: "\u{301}", count: 60_000)),
                                  ("100 KB", String(repeating: "x", count: 100_000)), ("101 characters", String(repeating: "é", count: 101))] {
                let response = try await server.raw(.POST, "/auth/register", headers: Self.json, body: Self.body([
                    "email": "\(UUID().uuidString.prefix(8))@example.org", "password": "long enough password", "displayName": name]))
                #expect(response.status == 400 && Self.message(response).contains("`displayName`"), "\(label): \(response.status) \(Self.message(response))")
            }
            let ann = try await server.newUser("Ann")
            let rename = try await server.raw(.PATCH, "/me", token: ann.token, headers: Self.json, body: Self.body(["displayName": "a" + String(repeating: "\u{301}", count: 100)]))
            #expect(rename.status == 400 && Self.message(rename).contains("`displayName`"))
            let longest = String(repeating: "👍", count: 100)  // 100 characters, 400 bytes
            let fits = try await server.raw(.PATCH, "/me", token: ann.token, headers: Self.json, body: Self.body(["displayName": longest]))
            #expect(fits.status == 200 && fits.json?["displayName"] as? String == longest)
        }
    }

    @Test("run and route names: 1 MB or 201 characters are 400; 200 characters are kept", arguments: TestDatabase.available)
    func runAndRouteNames(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let fixes = try JSONSerialization.jsonObject(with: encoder.encode(MissionFiles.northward(
                from: .init(latitude: 55.86, longitude: -4.25), metres: 300, start: Date())))
            var upload = (fixes as! [String: Any])
            upload["name"] = String(repeating: "x", count: 1 << 20)
            let huge = try await server.raw(.POST, "/runs", token: bo.token, headers: Self.json, body: Self.body(upload))
            #expect(huge.status == 400 && Self.message(huge).contains("`name`"), "\(huge.status) \(Self.message(huge))")
            let inQuery = try await server.raw(.POST, "/runs?name=" + String(repeating: "y", count: 201), token: bo.token,
                                               headers: Self.json, body: Self.body(fixes as! [String: Any]))
            #expect(inQuery.status == 400 && Self.message(inQuery).contains("`name`"))
            #expect(try await bo.client.listRuns().ok.body.json.runs.isEmpty)

            upload["name"] = String(repeating: "z", count: 200)
            let run = try await server.raw(.POST, "/runs", token: bo.token, headers: Self.json, body: Self.body(upload))
            #expect(run.status == 201 && (run.json?["name"] as? String)?.count == 200)
            let id = try #require(run.json?["id"] as? String)
            let rename = try await server.raw(.PATCH, "/runs/\(id)", token: bo.token, headers: Self.json,
                                              body: Self.body(["name": String(repeating: "\u{301}", count: 201)]))
            #expect(rename.status == 400 && Self.message(rename).contains("`name`"))
            let route = try await server.raw(.POST, "/routes", token: bo.token, headers: Self.json,
                                             body: Self.body(["runId": id, "name": String(repeating: "r", count: 201)]))
            #expect(route.status == 400 && Self.message(route).contains("`name`"))
        }
    }

    @Test("workout names, invitation titles and place names, searches and keys are checked the same way", arguments: TestDatabase.available)
    func otherFields(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            let di = try await server.newUser("Di")
            try await server.befriend(cy, di)
            let long = String(repeating: "\u{301}", count: 201)
            let workout = try await server.raw(.POST, "/workouts", token: cy.token, headers: Self.json,
                                               body: Self.body(["name": "a" + long, "steps": [["meters": 400, "target": "fast"]]]))
            #expect(workout.status == 400 && Self.message(workout).contains("`name`"))
            let startsAt = ISO8601DateFormatter().string(from: Date().addingTimeInterval(86_400))
            let place: [String: Any] = ["latitude": 55.9, "longitude": -4.2]
            let placeNamed: [String: Any] = ["latitude": 55.9, "longitude": -4.2, "name": long]
            let invitations: [(String, [String: Any])] = [
                ("title", ["startsAt": startsAt, "guestIds": [di.id], "place": place, "title": long]),
                ("place.name", ["startsAt": startsAt, "guestIds": [di.id], "place": placeNamed]),
            ]
            for (field, body) in invitations {
                let response = try await server.raw(.POST, "/invitations", token: cy.token, headers: Self.json, body: Self.body(body))
                #expect(response.status == 400 && Self.message(response).contains("`\(field)`"), "\(field): \(Self.message(response))")
            }
            let search = try await server.raw(.GET, "/users?search=" + String(repeating: "a", count: 101), token: cy.token)
            #expect(search.status == 400 && Self.message(search).contains("`search`"))
            let key = try await server.raw(.POST, "/runs", token: cy.token, headers: Self.json + [("Idempotency-Key", String(repeating: "k", count: 201))],
                                           body: Self.body(["fixes": []]))
            #expect(key.status == 400 && Self.message(key).contains("`Idempotency-Key`"))
        }
    }

    @Test("a file's name longer than 200 characters is cut to 200, ending with an ellipsis", arguments: TestDatabase.available)
    func nameFromAFile(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let eve = try await server.newUser("Eve")
            let name = String(repeating: "Lunch run ", count: 100) + "👍🏽"
            let gpx = """
                <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>\(name)</name><trkseg>\
                <trkpt lat="0" lon="0"><time>2024-01-01T00:00:00Z</time></trkpt>\
                <trkpt lat="0.001" lon="0"><time>2024-01-01T00:00:10Z</time></trkpt></trkseg></trk></gpx>
                """
            let response = try await server.raw(.POST, "/runs", token: eve.token, headers: [("Content-Type", "application/gpx+xml")],
                                                body: Data(gpx.utf8))
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
            let stored = try #require(response.json?["name"] as? String)
            #expect(stored.unicodeScalars.count == 200 && stored.hasSuffix("…") && stored.hasPrefix("Lunch run Lunch run"))
        }
    }
}
