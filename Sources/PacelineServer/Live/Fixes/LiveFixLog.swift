import Fluent
import Foundation
import Logging
import PacelineCore
import SQLKit

/// Stores the fixes live connections receive, in batches: every connection's new fixes
/// of the last `interval` go to the database in one statement, and each connection
/// acknowledges its fixes to its client only then. A client keeps what is not
/// acknowledged and resends it after a reconnect, so a dropped connection or a crashed
/// instance loses nothing.
actor LiveFixLog {
    private struct Pending {
        var owner: UUID
        var firstSequence: Int
        var lastSequence: Int
        var fixes: [Fix]
        var stored: @Sendable () -> Void
    }

    private let database: any Database
    private let logger: Logger
    private var pending: [Pending] = []
    private var inFlight: Task<Void, Never>?
    private var ticker: Task<Void, Never>?

    /// Rows per INSERT: five binds each stays far below SQLite's limit of 32,766.
    private static let rowsPerStatement = 1_000

    init(database: any Database, logger: Logger) {
        self.database = database
        self.logger = logger
    }

    /// Flushes every `interval` seconds until `stop`.
    func start(interval: TimeInterval) {
        ticker = repeating(every: interval) { [weak self] in await self?.flush() }
    }

    func stop() async {
        ticker?.cancel()
        await flush()
    }

    /// Queues fixes `firstSequence...lastSequence` of `owner`; `stored` runs once they are in the database.
    func append(owner: UUID, firstSequence: Int, lastSequence: Int, fixes: [Fix], stored: @escaping @Sendable () -> Void) {
        pending.append(Pending(owner: owner, firstSequence: firstSequence, lastSequence: lastSequence, fixes: fixes, stored: stored))
    }

    /// Writes everything queued so far; returns when it (and any earlier write) is stored.
    func flush() async {
        let previous = inFlight
        let batch = pending
        pending = []
        let task = Task {
            await previous?.value
            guard !batch.isEmpty else { return }
            do {
                try await self.write(batch)
                for entry in batch { entry.stored() }
            } catch {
                self.logger.error("live fixes not stored, retrying: \(String(reflecting: error))")
                self.requeue(batch)
            }
        }
        inFlight = task
        await task.value
    }

    private func requeue(_ batch: [Pending]) {
        pending = batch + pending
    }

    private nonisolated func write(_ batch: [Pending]) async throws {
        let sql = database.sql
        for start in stride(from: 0, to: batch.count, by: Self.rowsPerStatement) {
            var insert = sql.insert(into: LiveFixChunk.schema)
                .columns("id", "owner_id", "first_sequence", "last_sequence", "fixes")
            for entry in batch[start..<min(start + Self.rowsPerStatement, batch.count)] {
                let blob = CompactTrack.encode(Track(segments: [entry.fixes]))
                insert = insert.values(SQLBind(UUID()), SQLBind(entry.owner), SQLBind(entry.firstSequence),
                                       SQLBind(entry.lastSequence), SQLBind(blob))
            }
            try await insert.run()
        }
    }

    /// Every stored fix of `owner` in sequence order, each sequence once, and the last sequence stored.
    static func fixes(of owner: UUID, on database: any Database) async throws -> (fixes: [Fix], lastSequence: Int) {
        let chunks = try await LiveFixChunk.query(on: database).filter(\.$ownerID == owner)
            .sort(\.$firstSequence).sort(\.$lastSequence).all()
        var fixes: [Fix] = []
        var last = 0
        for chunk in chunks where chunk.lastSequence > last {
            let decoded = try CompactTrack.decode(chunk.fixes).track.fixes
            // A chunk overlapping what is already taken (a resend raced a store) contributes only its new fixes.
            let skip = last - chunk.firstSequence + 1
            fixes.append(contentsOf: skip > 0 ? decoded.dropFirst(skip) : decoded[...])
            last = chunk.lastSequence
        }
        return (fixes, last)
    }
}
