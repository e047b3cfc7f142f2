import Fluent
import FluentSQLiteDriver
import SQLKit
import Vapor

/// How the server opens a SQLite database: write-ahead logging, waits that sleep rather
/// than spin, and durable commits.
///
/// - WAL (`journal_mode = WAL`, kept in the file): a reader never waits for a writer nor
///   a writer for readers; only two writers wait for each other. In the default rollback
///   journal a commit waits until every other connection's read is done.
/// - `busy_timeout = 5000` replaces SQLiteNIO's busy handler, which retries at once,
///   forever, on a thread of the process's blocking pool (two threads on two cores): a
///   commit spinning there for a reader whose next statement waited for that thread never
///   ended, and took the tests' servers, which share the pool, down with it. A wait now
///   sleeps, and gives up after 5 s with `SQLITE_BUSY` (which `retryingTransaction` retries).
/// - `synchronous = FULL`: a commit is on disk when it returns, even across a power cut.
///
/// Beside the file live its `-wal` and `-shm` files while the server runs; a copy of the
/// database must take all three (or be made with SQLite's backup).
enum SQLiteSetup {
    /// Sets every connection's pragmas, and the file's journal mode. Fluent keeps one
    /// SQLite connection per event loop for the server's life, so each is set once here.
    static func configureConnections(_ app: Application, inMemory: Bool) async throws {
        for eventLoop in app.eventLoopGroup.makeIterator() {
            guard let database = app.databases.database(.sqlite, logger: app.logger, on: eventLoop) else { continue }
            try await database.sql.raw("PRAGMA busy_timeout = 5000").run()
            try await database.sql.raw("PRAGMA synchronous = FULL").run()
        }
        if !inMemory {
            try await app.db.sql.raw("PRAGMA journal_mode = WAL").run()
        }
    }
}
