import Foundation
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
}
