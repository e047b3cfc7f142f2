import Fluent
import Foundation
import SQLKit

/// `routes.search_name` and `pois.search_title`: names folded for search (`SearchName`),
/// filled in for the rows that exist, a thousand at a time; `SearchName.Keeper` keeps them
/// from then on.
struct AddSearchNames: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Route.schema).field("search_name", .string, .required, .sql(.default(""))).update()
        try await database.schema(PointOfInterestRow.schema).field("search_title", .string, .required, .sql(.default(""))).update()
        try await fold(table: "routes", name: "name", into: "search_name", on: database.sql)
        try await fold(table: "pois", name: "title", into: "search_title", on: database.sql)
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Route.schema).deleteField("search_name").update()
        try await database.schema(PointOfInterestRow.schema).deleteField("search_title").update()
    }

    /// Sets `into` to `name` folded on every row of `table`, in id order, a page at a time.
    private func fold(table: String, name: String, into: String, on sql: any SQLDatabase) async throws {
        var after: UUID?
        while true {
            let from: SQLQueryString = after.map { "WHERE id > \(bind: $0)" } ?? ""
            let page = try await sql.raw("SELECT id, \(ident: name) AS name FROM \(ident: table) \(from) ORDER BY id LIMIT 1000").all()
            guard let last = page.last else { return }
            for row in page {
                let id = try row.decode(column: "id", as: UUID.self)
                let text = try row.decode(column: "name", as: String.self)
                try await sql.raw("UPDATE \(ident: table) SET \(ident: into) = \(bind: SearchName.of(text)) WHERE id = \(bind: id)").run()
            }
            after = try last.decode(column: "id", as: UUID.self)
        }
    }
}
