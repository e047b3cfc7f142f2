import Foundation
import PacelineTestSupport
import Testing

/// Multipart uploads the runtime parses part by part while the handler reads them
/// (found by schemathesis: these were 500s).
@Suite("Upload forms")
struct UploadFormTests {
    static let boundary = "paceline-boundary"

    @Test("a part before `file` is skipped, not a 500", arguments: TestDatabase.available)
    func extraPartFirst(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
            let response = try await post(form([("note", nil, Data("a note".utf8)), ("file", "run.gpx", gpx)]), as: ann, to: server)
            #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
            #expect(response.json?["format"] as? String == "gpx")
        }
    }

    @Test("a form without a `file` part, or with broken framing, is a 400 JSON error", arguments: TestDatabase.available)
    func unreadableForms(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let forms: [(String, Data)] = [
                ("no parts", Data("--\(Self.boundary)--\r\n".utf8)),
                ("only another part", form([("note", nil, Data("a note".utf8))])),
                ("no closing boundary", Data("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc".utf8)),
                ("not a form", Data("hello".utf8)),
            ]
            for (name, body) in forms {
                let response = try await post(body, as: bo, to: server)
                #expect(response.status == 400 && response.errorCode == "bad_request",
                        "\(name): \(response.status) \(String(decoding: response.body, as: UTF8.self))")
            }
            #expect(try await bo.client.listRuns().ok.body.json.runs.isEmpty)
        }
    }

    /// A multipart/form-data body of `(name, filename, content)` parts.
    private func form(_ parts: [(String, String?, Data)]) -> Data {
        var body = Data()
        for (name, filename, content) in parts {
            let disposition = "form-data; name=\"\(name)\"" + (filename.map { "; filename=\"\($0)\"" } ?? "")
            body.append(Data("--\(Self.boundary)\r\nContent-Disposition: \(disposition)\r\n\r\n".utf8))
            body.append(content)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(Self.boundary)--\r\n".utf8))
        return body
    }

    private func post(_ body: Data, as user: TestUser, to server: TestServer) async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/runs", token: user.token,
                             headers: [("Content-Type", "multipart/form-data; boundary=\(Self.boundary)")], body: body)
    }
}
