import Foundation
import PacelineTestSupport
import Testing

/// Body sizes (issue 17, item 7): an upload up to 32 MiB, any other body up to 256 KiB;
/// beyond, 413 with the JSON error, whether the length is declared or not.
@Suite("Request body limits")
struct RequestBodyLimitTests {
    /// A JSON object of `size` bytes: a display name padded with spaces.
    static func padded(_ size: Int) -> Data {
        var data = Data(#"{"displayName": "Pat""#.utf8)
        data.append(Data(repeating: 0x20, count: size - data.count - 1))
        data.append(Data("}".utf8))
        return data
    }

    @Test("a JSON body over 256 KiB is 413, declared or streamed; under it is read", arguments: TestDatabase.available)
    func otherBodies(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let declared = try await server.raw(.PATCH, "/me", token: ann.token, headers: [("Content-Type", "application/json")],
                                                body: Self.padded(300 << 10))
            #expect(declared.status == 413 && declared.errorCode == "payload_too_large")
            #expect((declared.json?["error"] as? [String: Any])?["message"] as? String == "the request body is larger than the 256 KiB allowed")
            let streamed = try await server.raw(.PATCH, "/me", token: ann.token, headers: [("Content-Type", "application/json")],
                                                body: Self.padded(300 << 10), chunked: true)
            #expect(streamed.status == 413 && streamed.errorCode == "payload_too_large")
            let fits = try await server.raw(.PATCH, "/me", token: ann.token, headers: [("Content-Type", "application/json")],
                                            body: Self.padded(200 << 10), chunked: true)
            #expect(fits.status == 200)
            #expect(try await ann.client.getProfile().ok.body.json.displayName == "Pat")
        }
    }

    @Test("an upload streamed past 32 MiB is 413", arguments: TestDatabase.available)
    func uploads(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let streamed = try await server.raw(.POST, "/runs", token: bo.token, headers: [("Content-Type", "application/gpx+xml")],
                                                body: Data(repeating: 0x20, count: (32 << 20) + 1), chunked: true)
            #expect(streamed.status == 413 && streamed.errorCode == "payload_too_large")
            #expect(try await bo.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }
}
