import Fluent
@testable import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// How the server opens SQLite (`SQLiteSetup`): WAL, waits that sleep 5 s at most, durable
/// commits, on every connection of the pool.
@Suite("SQLite's setup")
struct SQLiteSetupTests {
    @Test("every connection waits 5 s for a lock and commits to disk; the file is in WAL mode")
    func pragmas() async throws {
        try await withServer(.sqlite) { server in
            let app = server.app
            for loop in app.eventLoopGroup.makeIterator() {
                let connection = try #require(app.databases.database(logger: app.logger, on: loop)).sql
                #expect(try await connection.raw("PRAGMA busy_timeout").first()?.decode(column: "timeout", as: Int.self) == 5000)
                #expect(try await connection.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self) == 2)
                let mode = try await connection.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
                #expect(mode == "wal")
            }
        }
    }

    @Test("a write commits while another connection holds a read open")
    func readersDoNotBlockWriters() async throws {
        try await withServer(.sqlite) { server in
            try await server.execute("CREATE TABLE tally (seen INTEGER NOT NULL)")
            let app = server.app
            let loops = Array(app.eventLoopGroup.makeIterator())
            try #require(loops.count >= 2, "needs two connections")
            let reader = try #require(app.databases.database(logger: app.logger, on: loops[0]))
            let writer = try #require(app.databases.database(logger: app.logger, on: loops[1]))
            try await reader.transaction { transaction in
                _ = try await transaction.sql.raw("SELECT count(*) AS n FROM tally").all()
                // In rollback-journal mode this commit waits for the reader's transaction to end.
                let started = ContinuousClock.now
                try await writer.sql.raw("INSERT INTO tally (seen) VALUES (1)").run()
                #expect(ContinuousClock.now - started < .seconds(1))
            }
            #expect(try await writer.sql.raw("SELECT count(*) AS n FROM tally").first()?.decode(column: "n", as: Int.self) == 1)
        }
    }

    @Test("reads have connections of their own: a read answers while a write transaction holds the writer, sees what it commits, and can't write")
    func readConnections() async throws {
        try await withServer(.sqlite) { server in
            try await server.execute("CREATE TABLE tally (seen INTEGER NOT NULL)")
            let app = server.app
            for loop in app.eventLoopGroup.makeIterator() {
                let writer = try #require(app.databases.database(logger: app.logger, on: loop))
                let reader = try #require(app.databases.database(.sqliteReads, logger: app.logger, on: loop))
                #expect(try await reader.sql.raw("PRAGMA busy_timeout").first()?.decode(column: "timeout", as: Int.self) == 5000)
                try await writer.transaction { transaction in
                    try await transaction.sql.raw("INSERT INTO tally (seen) VALUES (1)").run()
                    // The same loop's writer is held by this transaction; a read does not wait for it.
                    let started = ContinuousClock.now
                    let before = try await reader.sql.raw("SELECT count(*) AS n FROM tally").first()?.decode(column: "n", as: Int.self)
                    #expect(ContinuousClock.now - started < .seconds(1))
                    #expect(before == nil || before! < 2)
                }
                #expect(try await reader.sql.raw("SELECT count(*) AS n FROM tally").first()?.decode(column: "n", as: Int.self) ?? 0 >= 1)
                await #expect(throws: (any Error).self) { try await reader.sql.raw("INSERT INTO tally (seen) VALUES (2)").run() }
            }
        }
    }
}
