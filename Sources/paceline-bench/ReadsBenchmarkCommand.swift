import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PacelineBenchmarks
import PacelineHarness
import PacelineServer

/// `paceline-bench reads`: what reading a long run costs over HTTP, as a browser reads it:
/// the track (first read, kept, unzipped, conditional), the series, an export, the run and
/// the list of runs, against a `paceline serve` of its own.
struct ReadsBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reads",
        abstract: "Time reading a long run over HTTP: track, series, export, run, list; p50/p90 and bytes.",
        discussion: """
            Starts `paceline serve` (the one built beside this executable) on a new database \
            with one user, uploads FILE --runs times (default: a generated 1 Hz GPX of \
            --fixes fixes with elevation and heart rate), and reads each run's track once \
            (made: nothing kept yet). Then times --requests reads of each of: the track \
            gzipped (Accept-Encoding: gzip, as every browser sends), the track unzipped, the \
            track with its ETag in If-None-Match (304), the series gzipped, the GPX export \
            gzipped, the run, and the first page of runs, over one kept-alive connection. \
            Build with -c release.
            """
    )

    @Option(help: "A GPX, TCX or FIT file to upload (default: generated).")
    var file: String?

    @Option(help: "Fixes in the generated GPX.")
    var fixes = 50_000

    @Option(help: "Runs uploaded (each one's first track read is timed).")
    var runs = 5

    @Option(help: "Timed requests per read.")
    var requests = 20

    @Option(help: "sqlite (a temporary file) or a postgres:// URL (the run gets a schema of its own).")
    var database = "sqlite"

    @Flag(help: "Meanwhile, rename another run again and again (small write transactions, each a durable commit), to see whether reads wait for writes.")
    var writing = false

    func run() async throws {
        let bytes = try file.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } ?? Data(BenchTrack.gpx(fixes: fixes).utf8)
        let type = file.map { Self.contentType(ofFile: $0) } ?? "application/gpx+xml"
        let location: DatabaseLocation? = database == "sqlite" ? nil : .postgres(url: database, schema: nil)
        let store = try await RunnersDatabase.create(users: 1, at: location, for: "reads")
        let server: ServerProcess
        do {
            server = try ServerProcess(database: store.location)
        } catch {
            await store.remove()
            throw error
        }
        defer { server.stop() }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(decompression: .disabled))
        let reader = Reader(client: client, base: "http://127.0.0.1:\(server.port)/api/v1", token: store.tokens[0])
        do {
            try await measure(reader, file: bytes, type: type)
        } catch {
            try? await client.shutdown()
            await store.remove()
            throw error
        }
        try await client.shutdown()
        await store.remove()
    }

    private func measure(_ reader: Reader, file: Data, type: String) async throws {
        var ids: [String] = []
        for _ in 0..<runs {
            let answer = try await reader.send(.POST, "/runs", body: file, headers: [("Content-Type", type)])
            guard answer.status == 201, let id = (try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["id"] as? String else {
                throw ValidationError("the upload was answered \(answer.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
            }
            ids.append(id)
        }
        let gzip = [("Accept-Encoding", "gzip, deflate, br")]
        Output.line("read                          p50 ms   p90 ms      bytes")
        var made = LatencyHistogram(), madeBytes = 0
        for id in ids {
            let (milliseconds, answer) = try await reader.timed(.GET, "/runs/\(id)/track", headers: gzip)
            made.record(milliseconds: milliseconds)
            madeBytes = answer.body.count
        }
        Self.report("track, first read (made)", made, bytes: madeBytes)
        let id = ids[0]
        let tag = try await reader.send(.GET, "/runs/\(id)/track", headers: gzip).header("ETag") ?? ""
        let reads: [(String, String, [(String, String)])] = [
            ("track, gzipped (kept)", "/runs/\(id)/track", gzip),
            ("track, unzipped (kept)", "/runs/\(id)/track", []),
            ("track, If-None-Match (304)", "/runs/\(id)/track", gzip + [("If-None-Match", tag)]),
            ("series, gzipped", "/runs/\(id)/series", gzip),
            ("export GPX, gzipped", "/runs/\(id)/export?format=gpx", gzip),
            ("run", "/runs/\(id)", gzip),
            ("runs, first page", "/runs", gzip),
        ]
        let writer = writing ? Task { try await Self.rename(ids[1], with: reader) } : nil
        for (name, path, headers) in reads {
            var latency = LatencyHistogram(), size = 0
            for _ in 0..<requests {
                let (milliseconds, answer) = try await reader.timed(.GET, path, headers: headers)
                latency.record(milliseconds: milliseconds)
                size = answer.body.count
            }
            Self.report(name, latency, bytes: size)
        }
        if let writer {
            writer.cancel()
            let (renames, seconds) = try await writer.value
            Output.line(String(format: "meanwhile: %d renames in %.1f s (%.0f a second)", renames, seconds, Double(renames) / seconds))
        }
    }

    /// Renames run `id` until cancelled: how many, in how many seconds.
    private static func rename(_ id: String, with reader: Reader) async throws -> (Int, Double) {
        let start = ContinuousClock.now
        var count = 0
        while !Task.isCancelled {
            let body = Data(#"{"name":"Rename \#(count)"}"#.utf8)
            let answer: Reader.Answer
            do {
                answer = try await reader.send(.PATCH, "/runs/\(id)", body: body, headers: [("Content-Type", "application/json")])
            } catch where Task.isCancelled {
                break  // the reads are done: the rename cut short is not counted
            }
            guard answer.status == 200 else { throw ValidationError("a rename was answered \(answer.status)") }
            count += 1
        }
        let elapsed = ContinuousClock.now - start
        return (count, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    private static func report(_ name: String, _ latency: LatencyHistogram, bytes: Int) {
        Output.line(name.padding(toLength: 28, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f %8.1f %10d", latency.quantile(0.5), latency.quantile(0.9), bytes))
    }

    private static func contentType(ofFile path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "fit": "application/vnd.ant.fit"
        case "tcx": "application/vnd.garmin.tcx+xml"
        default: "application/gpx+xml"
        }
    }

    /// Requests over one client, signed in, bodies read whole.
    private struct Reader {
        struct Answer {
            let status: Int
            let headers: HTTPHeaders
            let body: Data

            func header(_ name: String) -> String? { headers.first(name: name) }
        }

        let client: HTTPClient
        let base: String
        let token: String

        func send(_ method: HTTPMethod, _ path: String, body: Data? = nil, headers: [(String, String)] = []) async throws -> Answer {
            var request = HTTPClientRequest(url: base + path)
            request.method = method
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(data: body)) }
            let response = try await client.execute(request, timeout: .seconds(120))
            let bytes = try await response.body.collect(upTo: 512 << 20)
            return Answer(status: Int(response.status.code), headers: response.headers, body: Data(buffer: bytes))
        }

        /// The answer and how long it took to its last byte, milliseconds; throws unless 200 or 304.
        func timed(_ method: HTTPMethod, _ path: String, headers: [(String, String)]) async throws -> (Double, Answer) {
            let start = ContinuousClock.now
            let answer = try await send(method, path, headers: headers)
            let elapsed = ContinuousClock.now - start
            guard answer.status == 200 || answer.status == 304 else { throw ValidationError("\(path) was answered \(answer.status)") }
            return (Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15, answer)
        }
    }
}
