import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Text with U+0000, which PostgreSQL's text can't hold: schemathesis found every such
/// field a 500 on PostgreSQL (and stored as is on SQLite). Now a 400 on both databases,
/// and a name read from a file just loses its NULs.
@Suite("Text input")
struct TextInputTests {
    static let json = [("Content-Type", "application/json")]
    static let fixes = #"[{"time":"2024-01-01T00:00:00Z","latitude":0,"longitude":0},{"time":"2024-01-01T00:00:10Z","latitude":0.001,"longitude":0}]"#

    @Test("NUL in account fields is a 400", arguments: TestDatabase.available)
    func accounts(database: TestDatabase) async throws {
        try await withServer(database) { server in
            for body in [#"{"email":"a@example.org","password":"long enough","displayName":"A\u0000n"}"#,
                         #"{"email":"a\u0000@example.org","password":"long enough","displayName":"Ann"}"#,
                         #"{"email":"a@example.org","password":"long\u0000enough","displayName":"Ann"}"#] {
                let response = try await server.raw(.POST, "/auth/register", headers: Self.json, body: Data(body.utf8))
                #expect(response.status == 400 && response.errorCode == "bad_request", "\(body): \(response.status)")
            }
            let logIn = try await server.raw(.POST, "/auth/login", headers: Self.json,
                                             body: Data(#"{"email":"a\u0000@example.org","password":"long enough"}"#.utf8))
            #expect(logIn.status == 400 && logIn.errorCode == "bad_request")

            let bo = try await server.newUser("Bo")
            let rename = try await server.raw(.PATCH, "/me", token: bo.token, headers: Self.json, body: Data(#"{"displayName":"B\u0000o"}"#.utf8))
            #expect(rename.status == 400 && rename.errorCode == "bad_request")
            #expect(try await bo.client.getProfile().ok.body.json.displayName == "Bo")
        }
    }

    @Test("NUL in a run's name is a 400, whether in the query, the JSON or an update", arguments: TestDatabase.available)
    func runNames(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            let inQuery = try await server.raw(.POST, "/runs?name=a%00b", token: cy.token, headers: Self.json,
                                               body: Data(#"{"fixes":\#(Self.fixes)}"#.utf8))
            #expect(inQuery.status == 400 && inQuery.errorCode == "bad_request")
            let inJSON = try await server.raw(.POST, "/runs", token: cy.token, headers: Self.json,
                                              body: Data(#"{"name":"a\u0000b","fixes":\#(Self.fixes)}"#.utf8))
            #expect(inJSON.status == 400 && inJSON.errorCode == "bad_request")
            #expect(try await cy.client.listRuns().ok.body.json.runs.isEmpty)

            let run = try await server.raw(.POST, "/runs", token: cy.token, headers: Self.json, body: Data(#"{"fixes":\#(Self.fixes)}"#.utf8))
            let id = try #require(run.json?["id"] as? String)
            let update = try await server.raw(.PATCH, "/runs/\(id)", token: cy.token, headers: Self.json, body: Data(#"{"name":"a\u0000b"}"#.utf8))
            #expect(update.status == 400 && update.errorCode == "bad_request")
        }
    }

    @Test("a file whose name holds NUL is stored without it", arguments: TestDatabase.available)
    func nameFromFile(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let di = try await server.newUser("Di")
            let gpx = """
                <?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Lunch&#0; run</name><trkseg>\
                <trkpt lat="0" lon="0"><time>2024-01-01T00:00:00Z</time></trkpt>\
                <trkpt lat="0.001" lon="0"><time>2024-01-01T00:00:10Z</time></trkpt></trkseg></trk></gpx>
                """
            let response = try await server.raw(.POST, "/runs", token: di.token, headers: [("Content-Type", "application/gpx+xml")],
                                                body: Data(gpx.utf8))
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
            #expect(response.json?["name"] as? String == "Lunch run")
        }
    }
}
