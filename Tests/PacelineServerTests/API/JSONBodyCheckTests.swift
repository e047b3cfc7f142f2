import Foundation
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// `JSONBodyCheck`'s lexer passes over a body in linear time whatever it holds, and an
/// upload without an account is refused before its body is read (issue 35's review).
@Suite("JSON bodies checked before decoding")
struct JSONBodyCheckTests {
    @Test("a 1 MiB member name followed by a million colons is one pass, not a copy of the name at each colon", .timeLimit(.minutes(1)))
    func longNameManyColons() {
        let body = Array(#"{""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20) + Array(#"""#.utf8)
            + [UInt8](repeating: UInt8(ascii: ":"), count: 1 << 20) + Array("}".utf8)
        #expect(JSONBodyCheck.memberHoldingNull(body) == nil)
        #expect(JSONBodyCheck.tokens(in: body, upTo: 10) == 2)
        #expect(JSONBodyCheck.memberHoldingNull(Array(#"{"defaultPrivacy": null}"#.utf8)) == "defaultPrivacy")
    }

    @Test("an upload without an account is 401, a JSON one too", arguments: TestDatabase.available)
    func anonymousUpload(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let json = Data(#"{"fixes":[{"time":"2024-01-01T00:00:00Z","latitude":46,"longitude":14}]}"#.utf8)
            #expect(try await server.raw(.POST, "/runs", headers: [("Content-Type", "application/json")], body: json).status == 401)
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            #expect(try await server.raw(.POST, "/runs", headers: [("Content-Type", "application/gpx+xml")], body: gpx).status == 401)
        }
    }
}
