import AsyncHTTPClient
import Foundation
import NIOCore
import PacelineAPI
import PacelineHarness
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Synchronization
import Testing

/// `kill -9` (a crash, the kernel's out-of-memory killer, a pulled plug of the process)
/// while uploads stream in, or while a runner's live fixes do, loses nothing the server
/// acknowledged: each upload answered 201 is there when the server starts again on the
/// same database, and every fix up to the last `ack`. A commit is durable before its answer
/// (`synchronous = FULL` on SQLite; PostgreSQL's default), and a fix is acknowledged only
/// once its batch is committed (`LiveFixLog`), so nothing acknowledged lives only in memory.
///
/// In the suite of `paceline upload`'s tests, one at a time (as `ImportCommandTests`): a
/// test there blocks its thread on a child process while the server in this process
/// answers it, and these block theirs starting and killing `paceline serve`; run beside
/// each other they took both of the pool's threads, and CI stopped.
extension UploadCommandTests {
    static var crashDatabases: [DatabaseLocation?] {
        [nil] + (ProcessInfo.processInfo.environment["PACELINE_TEST_POSTGRES_URL"].map { [.postgres(url: $0)] } ?? [])
    }

    @Test("every upload answered 201 before the kill is there after a restart", .timeLimit(.minutes(3)), arguments: crashDatabases)
    func killedDuringUploads(database: DatabaseLocation?) async throws {
        let store = try await RunnersDatabase.create(users: 1, at: database)
        let gpx = try Data(contentsOf: Fixtures.track("gpx/run.gpx"))
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let server = try ServerProcess(database: store.location)
        let acknowledged = Acknowledged()
        let (port, token) = (server.port, store.tokens[0])

        // Four uploaders until the kill; each keeps the id of every upload answered 201.
        let uploaders = (0..<4).map { _ in
            Task {
                while !Task.isCancelled {
                    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/runs")
                    request.method = .POST
                    request.headers.add(name: "Authorization", value: "Bearer \(token)")
                    request.headers.add(name: "Content-Type", value: "application/gpx+xml")
                    request.body = .bytes(ByteBuffer(data: gpx))
                    guard let response = try? await client.execute(request, timeout: .seconds(10)),
                          let body = try? await response.body.collect(upTo: 1 << 20) else { return }
                    guard response.status == .created,
                          let id = (try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any])?["id"] as? String
                    else { continue }
                    acknowledged.ids.withLock { $0.append(id) }
                }
            }
        }
        // Killed while uploads are under way (some stored, some half-read, some committing).
        while acknowledged.ids.withLock(\.count) < 12 { try await Task.sleep(for: .milliseconds(20)) }
        server.kill()
        server.stop()  // removes its log; the process is gone already
        for uploader in uploaders { uploader.cancel() }
        for uploader in uploaders { await uploader.value }
        let answered = Set(acknowledged.ids.withLock { $0 })

        let restarted = try ServerProcess(database: store.location)
        var stored = Set<String>()
        var cursor: String?
        repeat {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(restarted.port)/api/v1/runs?limit=100" + (cursor.map { "&cursor=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" } ?? ""))
            request.headers.add(name: "Authorization", value: "Bearer \(store.tokens[0])")
            let response = try await client.execute(request, timeout: .seconds(30))
            #expect(response.status == .ok)
            let page = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try await response.body.collect(upTo: 16 << 20))) as? [String: Any])
            for run in page["runs"] as? [[String: Any]] ?? [] { if let id = run["id"] as? String { stored.insert(id) } }
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        #expect(answered.count >= 12)
        #expect(answered.isSubset(of: stored), "lost: \(answered.subtracting(stored))")
        // An upload cut by the kill is either whole or absent: every stored run reads back.
        for id in stored.subtracting(answered).prefix(5) {
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(restarted.port)/api/v1/runs/\(id)/track")
            request.headers.add(name: "Authorization", value: "Bearer \(store.tokens[0])")
            #expect(try await client.execute(request, timeout: .seconds(30)).status == .ok)
        }
        restarted.stop()
        try await client.shutdown()
        await store.remove()
    }

    @Test("every live fix acknowledged before the kill is stored", .timeLimit(.minutes(3)), arguments: crashDatabases)
    func killedDuringARace(database: DatabaseLocation?) async throws {
        let store = try await RunnersDatabase.create(users: 1, at: database)
        let server = try ServerProcess(database: store.location)
        let live = try await LiveClient.connect(to: URL(string: "ws://127.0.0.1:\(server.port)/api/v1/live")!)
        try await live.send(.hello(.init(token: store.tokens[0])))
        _ = try await live.next(waitingFor: "welcome") { if case .welcome(let welcome) = $0 { welcome } else { nil } }
        try await live.send(.createSession(.init(distanceMeters: 100_000)))
        _ = try await live.nextJoined()
        // An hour's run, sent faster than it happened (times in the past are accepted),
        // 20 fixes a message, always one message ahead of the acks: the kill finds one in
        // flight, unacknowledged.
        let fixes = LiveRace.fixes(speed: 3, length: 10_000, start: Date().addingTimeInterval(-7_200))
        let batches = stride(from: 0, to: fixes.count, by: 20).map { Array(fixes[$0..<min($0 + 20, fixes.count)]) }
        var acknowledged = 0
        for (index, batch) in batches.enumerated() {
            try await live.send(.fixes(.init(fixes: batch)))
            if index > 0 { acknowledged = try await live.nextAck(atLeast: batches[index - 1].last!.sequence) }
            if acknowledged >= 600 { break }
        }
        server.kill()
        server.stop()

        let stored = try await store.location.withApplication { app in
            try await LiveFixChunk.query(on: app.db).all().map { $0.firstSequence...$0.lastSequence }
        }
        let covered = stored.reduce(into: IndexSet()) { $0.insert(integersIn: $1) }
        #expect(acknowledged >= 600)
        #expect(covered.contains(integersIn: 1...acknowledged), "stored: \(covered), acknowledged up to \(acknowledged)")
        await store.remove()
    }
}

/// The uploads answered 201, from the uploaders' tasks.
private final class Acknowledged: Sendable {
    let ids = Mutex<[String]>([])
}
