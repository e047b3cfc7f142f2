import Foundation
import PacelineCore
import SQLKit

/// Every row of a table, in id order, a page at a time: how a migration fills a new
/// column (or table) from the rows already there without holding them all in memory.
enum TablePages {
    /// Calls `body` with each page of `table`'s rows (`id` and `columns`), `size` rows a page.
    static func each(of table: String, columns: [String], size: Int, on sql: any SQLDatabase,
                     _ body: ([any SQLRow]) async throws -> Void) async throws {
        var after: UUID?
        while true {
            let from: SQLQueryString = after.map { "WHERE id > \(bind: $0)" } ?? ""
            let page = try await sql.raw("SELECT \(idents: ["id"] + columns, joinedBy: ", ") FROM \(ident: table) \(from) ORDER BY id LIMIT \(literal: size)").all()
            guard let last = page.last else { return }
            try await body(page)
            after = try last.decode(column: "id", as: UUID.self)
        }
    }

    /// Calls `body` with each run's id, its decoded track and its row (`columns` besides
    /// `track`), 200 tracks at a time. A deleted run (its track emptied) or an unreadable
    /// track is passed over: there is nothing to measure.
    static func eachTrack(columns: [String] = [], on sql: any SQLDatabase,
                          _ body: (UUID, Track, any SQLRow) async throws -> Void) async throws {
        try await each(of: "runs", columns: columns + ["track"], size: 200, on: sql) { page in
            for row in page {
                let stored = try row.decode(column: "track", as: Data.self)
                guard !stored.isEmpty, let (track, _) = try? CompactTrack.decode(stored) else { continue }
                try await body(try row.decode(column: "id", as: UUID.self), track, row)
            }
        }
    }
}
