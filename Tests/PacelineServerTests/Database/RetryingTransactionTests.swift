import Fluent
import PacelineServer
import PacelineTestSupport
import SQLKit
import Testing

/// SQLite refuses a deferred transaction that reads, then writes, after another
/// connection wrote meanwhile ("database is locked"); the server holds a connection per
/// event loop, so two requests (or live messages) at once did meet it: live races failed
/// with `internal` under load. Every transaction of the server is retried then.
@Suite("Transactions that meet another writer")
struct RetryingTransactionTests {
    @Test("200 read-then-write transactions at once, over every connection, all land", arguments: TestDatabase.available)
    func concurrentReadThenWrite(database: TestDatabase) async throws {
        try await withServer(database) { server in
            try await server.execute("CREATE TABLE tally (seen INTEGER NOT NULL)")
            let app = server.app
            let loops = Array(app.eventLoopGroup.makeIterator())
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    let connection = try #require(app.databases.database(logger: app.logger, on: loops[index % loops.count]))
                    group.addTask {
                        try await connection.retryingTransaction { transaction in
                            let seen = try await transaction.sql.raw("SELECT count(*) AS n FROM tally").first()?.decode(column: "n", as: Int.self)
                            try await transaction.sql.raw("INSERT INTO tally (seen) VALUES (\(bind: seen ?? -1))").run()
                        }
                    }
                }
                try await group.waitForAll()
            }
            let rows = try await app.db.sql.raw("SELECT count(*) AS n, count(DISTINCT seen) AS distinct_seen FROM tally").first()
            #expect(try rows?.decode(column: "n", as: Int.self) == 200)
            if database == .sqlite {
                // SQLite has one writer at a time: each saw every one before it, none a stale count.
                #expect(try rows?.decode(column: "distinct_seen", as: Int.self) == 200)
            }
        }
    }
}
