import AsyncHTTPClient
import Foundation
import NIOCore
import PacelineHarness
import PacelineServer
import PacelineTestSupport
import Testing

/// Uploads made to take gigabytes (issue 35): a few hundred kilobytes of gzip that claim
/// millions of points, laps or pauses, and 32 MiB of JSON zeros. Each reader counts what it reads and stops at the
/// first thing past `FileLimits`, so each is refused (422 `over_limit`, naming the limit)
/// having held no more than a real recording; measured on a real `paceline serve`, whose
/// peak resident memory the kernel reports. Before, the issue's 19,000,000 records peaked
/// at 4.26 GB and its 10,000,000 laps were stored.
///
/// In the suite of `paceline upload`'s tests, one at a time (see `CrashSafetyTests`).
extension UploadCommandTests {
    /// One hostile file and how it is sent.
    struct HostileUpload: Sendable, CustomTestStringConvertible {
        var name: String
        var body: Data
        var contentType: String
        var testDescription: String { name }
    }

    /// The issue's kinds of file, each several times past its limit and past what main could
    /// hold under 300 MB (main peaked at 3.4 GB on the issue's 19,000,000 records; its
    /// numbers, and this change's on the issue's own files, are in docs/PERFORMANCE.md,
    /// "Uploads at the limits"). Made once for both databases: each takes seconds.
    static let uploads: [HostileUpload] = (try? hostileUploads()) ?? []

    static func hostileUploads() throws -> [HostileUpload] {
        [
            HostileUpload(name: "4,000,000 identical FIT records", body: try HostileFiles.fitRecords(4_000_000), contentType: "application/vnd.ant.fit"),
            HostileUpload(name: "4,000,000 FIT laps", body: try HostileFiles.fitLaps(4_000_000), contentType: "application/vnd.ant.fit"),
            HostileUpload(name: "2,000,000 FIT timer stops", body: try HostileFiles.fitStops(2_000_000), contentType: "application/vnd.ant.fit"),
            HostileUpload(name: "1,000,000 GPX points", body: try HostileFiles.gpxPoints(1_000_000), contentType: "application/gpx+xml"),
            // 32 MiB of `0,`: the JSON decoder took each into memory (900 MB) before refusing it.
            HostileUpload(name: "16,000,000 zeros as JSON fixes",
                          body: Data(#"{"fixes":["#.utf8) + Data(repeating: UInt8(ascii: "0"), count: 1).repeated(16_000_000, separator: UInt8(ascii: ",")) + Data("]}".utf8),
                          contentType: "application/json"),
        ]
    }

    @Test("files that claim millions of points, laps or pauses are refused at the limits, the server under 300 MB and /health answering",
          .timeLimit(.minutes(8)), arguments: crashDatabases)
    func hostileUploadsStayBounded(database: DatabaseLocation?) async throws {
        let uploads = Self.uploads
        try #require(uploads.count == 5)
        for upload in uploads { #expect(upload.body.count < 32 << 20, "\(upload.name): \(upload.body.count) bytes, within the body limit") }
        let store = try await RunnersDatabase.create(users: 1, at: database)
        let server = try ServerProcess(database: store.location)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let token = store.tokens[0]
        let port = server.port

        var times: [String] = []
        for upload in uploads {
            let answer = try await Self.send(upload, to: port, token: token, client: client)
            #expect(answer.status == 422 && answer.code == "over_limit", "\(upload.name): \(answer)")
            times.append("\(upload.name) \(String(format: "%.2f", answer.seconds)) s")
        }
        // Two at once while someone asks for /health: it keeps answering.
        let health = Task {
            var slowest = 0.0
            while !Task.isCancelled {
                let started = Date()
                let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/health"), timeout: .seconds(10))
                _ = try await response.body.collect(upTo: 1 << 16)
                #expect(response.status == .ok)
                slowest = max(slowest, Date().timeIntervalSince(started))
                try? await Task.sleep(for: .milliseconds(100))
            }
            return slowest
        }
        async let first = Self.send(uploads[0], to: port, token: token, client: client)
        async let second = Self.send(uploads[4], to: port, token: token, client: client)
        let both = try await [first, second]
        health.cancel()
        let slowest = try await health.value
        #expect(both.allSatisfy { $0.status == 422 }, "\(both)")
        // Generous for a debug build on a shared CI machine; the release numbers are in
        // docs/SECURITY.md.
        #expect(slowest < 2, "/health took \(slowest) s")

        let peak = try #require(server.peakResidentBytes)
        #expect(peak < 300 << 20, "the server held \(peak >> 20) MB at its peak")
        print("hostile uploads: peak \(peak >> 20) MB; \(times.joined(separator: ", ")); /health at most \(String(format: "%.3f", slowest)) s beside two")
        server.stop()
        try await client.shutdown()
        await store.remove()
    }

    /// Sends `upload` as a file; the answer's status and error code.
    static func send(_ upload: HostileUpload, to port: Int, token: String, client: HTTPClient) async throws -> (status: Int, code: String?, seconds: Double) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/runs")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: upload.contentType)
        request.body = .bytes(ByteBuffer(data: upload.body))
        let started = Date()
        let response = try await client.execute(request, timeout: .seconds(120))
        let body = try await response.body.collect(upTo: 1 << 20)
        let error = (try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])?["error"] as? [String: Any]
        return (Int(response.status.code), error?["code"] as? String, Date().timeIntervalSince(started))
    }
}

private extension Data {
    /// These bytes `count` times, `separator` between each two.
    func repeated(_ count: Int, separator: UInt8) -> Data {
        var result = Data(capacity: count * (self.count + 1))
        for index in 0..<count {
            if index > 0 { result.append(separator) }
            result.append(self)
        }
        return result
    }
}
