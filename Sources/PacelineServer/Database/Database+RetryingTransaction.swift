import Fluent
import FluentSQLiteDriver

extension Database {
    /// Runs `body` in a transaction, and runs it again (up to `retries` times, after 10,
    /// 20, 40, then at most 100 ms, each with as much again at random) when SQLite refuses
    /// the transaction because another connection wrote first. Every transaction of the
    /// server goes through here.
    ///
    /// Why: Fluent's SQLite transactions are deferred (`BEGIN`), and the server holds a
    /// connection per event loop. In WAL mode a transaction that reads, then writes, after
    /// another connection committed since its read is refused at once with
    /// `SQLITE_BUSY_SNAPSHOT` ("database is locked"): its snapshot is stale, and waiting
    /// cannot freshen it. Rolled back, it is safe to run again. `body` must therefore do
    /// nothing but database work (no messages sent, nothing cached). With both connections
    /// busy, about every other attempt can meet a commit; 20 attempts make a refusal one in
    /// a million (200 such transactions at once, in `RetryingTransactionTests`, failed a
    /// run in a few with 6). On PostgreSQL, which waits on locks itself, it is the plain
    /// transaction. After the last retry the error stands (a 500, logged).
    ///
    /// - Complexity: that of `body`, times the attempts (one, unless two connections write at once).
    package func retryingTransaction<T: Sendable>(retries: Int = 20,
                                                  _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await transaction(body)
            } catch let error as SQLiteError where attempt < retries && [.busy, .busyInSnapshot].contains(error.reason) {
                attempt += 1
                let delay = min(5 << attempt, 100)
                try await Task.sleep(for: .milliseconds(delay + Int.random(in: 0...delay)))
            }
        }
    }
}
