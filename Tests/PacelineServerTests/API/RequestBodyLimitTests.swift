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

    /// `body` as the chunks of a body sent without a `Content-Length`, without the last.
    static func chunks(_ body: Data) -> Data {
        stride(from: 0, to: body.count, by: 64 << 10).reduce(into: Data()) { data, start in
            let chunk = body[start..<min(body.count, start + (64 << 10))]
            data += Data((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Data("\r\n".utf8)
        }
    }

    /// How many responses have begun in `text`.
    static func responses(_ text: String) -> [Substring] {
        text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { $0.prefix(3) }
    }

    @Test("a body refused half-way, whose client goes on sending, leaves its connection serving the next request",
          arguments: TestDatabase.available)
    func connectionAfterRefusal(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let head = "PATCH /api/v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(ann.token)\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            let next = "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            let answers = try await RawConnection.exchange(port: server.baseURL.port!, [
                .init(Data(head.utf8) + Self.chunks(Self.padded(300 << 10))) { Self.responses($0).count == 1 },
                .init(Self.chunks(Data(repeating: 0x20, count: 100 << 10)) + Data("0\r\n\r\n".utf8) + Data(next.utf8)) {
                    Self.responses($0).count == 2
                },
            ])
            #expect(Self.responses(answers) == ["413", "200"])
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
