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
/// - Reads that need no transaction go to connections of their own (`sqliteReads`).
///
/// Beside the file live its `-wal` and `-shm` files while the server runs; a copy of the
/// database must take all three (or be made with SQLite's backup).
enum SQLiteSetup {
    /// Sets the file's journal mode, then every connection's pragmas. Fluent keeps one
    /// SQLite connection per event loop for the server's life, so each is set once here:
    /// its pool (AsyncKit's) opens a new connection only in place of a closed one, and a
    /// SQLite connection is closed only at shutdown (no network to drop it). Should that
    /// change, a reopened read connection would lose `query_only` and the busy timeout;
    /// `SQLiteSetupTests` checks both on every connection of both kinds.
    /// WAL comes first, on the first connection alone: SQLite changes a file's journal
    /// mode only when no other connection has it open, and says so only by answering the
    /// mode it kept.
    static func configureConnections(_ app: Application, inMemory: Bool) async throws {
        let connections = app.eventLoopGroup.makeIterator().compactMap {
            app.databases.database(.sqlite, logger: app.logger, on: $0)
        }
        if !inMemory, let first = connections.first {
            let mode = try await first.sql.raw("PRAGMA journal_mode = WAL").first()?.decode(column: "journal_mode", as: String.self)
            guard mode == "wal" else { throw SQLiteSetupError.journalModeKept(mode ?? "none") }
        }
        for connection in connections {
            try await connection.sql.raw("PRAGMA busy_timeout = 5000").run()
            try await connection.sql.raw("PRAGMA synchronous = FULL").run()
        }
        guard !inMemory else { return }
        for connection in app.eventLoopGroup.makeIterator().compactMap({ app.databases.database(.sqliteReads, logger: app.logger, on: $0) }) {
            try await connection.sql.raw("PRAGMA busy_timeout = 5000").run()
            try await connection.sql.raw("PRAGMA query_only = 1").run()
        }
    }
}

extension DatabaseID {
    /// The SQLite file's read connections: one more per event loop, beside the one that
    /// writes, and refusing writes (`query_only`). Fluent's SQLite driver keeps one
    /// connection per event loop whatever it is asked, so a read waited for any write
    /// (a whole upload's transaction, a durable commit) on the same loop's connection. In
    /// WAL mode a read connection sees every commit made before its read began.
    static let sqliteReads = DatabaseID(string: "sqlite-reads")
}

/// The database could not be set up as the server needs it.
enum SQLiteSetupError: Error, CustomStringConvertible {
    /// SQLite kept the file in another journal mode (another program has it open?).
    case journalModeKept(String)

    var description: String {
        switch self {
        case .journalModeKept(let mode):
            "the SQLite database stayed in journal mode '\(mode)' instead of WAL: is another program using the file?"
        }
    }
}
