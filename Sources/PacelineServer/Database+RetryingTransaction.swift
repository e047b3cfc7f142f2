import Fluent
import FluentSQLiteDriver

extension Database {
    /// Runs `body` in a transaction, and runs it again (up to `retries` times, 10, 20, 40 …
    /// ms later) when SQLite refuses the transaction because another connection wrote
    /// first. Every transaction of the server goes through here.
    ///
    /// Why: Fluent's SQLite transactions are deferred (`BEGIN`), and the server holds a
    /// connection per event loop. A transaction that reads, then writes, after another
    /// connection committed since its read is refused at once with `SQLITE_BUSY` ("database
    /// is locked"): SQLite can't wait for it, as waiting could never end. Rolled back, it
    /// is safe to run again. `body` must therefore do nothing but database work (no
    /// messages sent, nothing cached). On PostgreSQL, which waits on locks itself, it is
    /// the plain transaction. After the last retry the error stands (a 500, logged).
    ///
    /// - Complexity: that of `body`, times the attempts (one, unless two connections write at once).
    package func retryingTransaction<T: Sendable>(retries: Int = 6,
                                                  _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await transaction(body)
            } catch let error as SQLiteError where attempt < retries && [.busy, .busyInSnapshot].contains(error.reason) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(5 << attempt))
            }
        }
    }
}
