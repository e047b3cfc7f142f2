import Fluent
import Foundation
import SQLKit

/// `route_words` (the words of route names, for search by name: `RouteWords`) and
/// `pois.search_title` (plaque titles folded: `SearchName`), filled in for the rows that
/// exist, a thousand at a time; `RouteWords.Keeper` and `SearchName.Keeper` keep them from
/// then on.
struct AddSearchNames: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // Words compare by code point on both databases (PostgreSQL's "C" collation; SQLite's
        // BINARY is that already): `RouteWords.after` bounds a prefix's range by it, which a
        // language's collation (punctuation and case weighed apart) would break.
        let text: DatabaseSchema.DataType = database.sql.dialect.name == "postgresql" ? .sql(raw: "TEXT COLLATE \"C\"") : .string
        try await database.schema("route_words")
            .field("word", text, .required)
            .field("route_id", .uuid, .required, .references(Route.schema, "id", onDelete: .cascade))
            .compositeIdentifier(over: "word", "route_id")
            .create()
        try await database.schema(PointOfInterestRow.schema).field("search_title", .string, .required, .sql(.default(""))).update()
        let sql = database.sql
        // A route's words by route, for its deletion's cascade.
        try await sql.raw("CREATE INDEX route_words_route ON route_words (route_id)").run()
        try await eachPage(of: "routes", column: "name", on: sql) { id, name in
            try await RouteWords.insert(name, of: id, on: sql)
        }
        try await eachPage(of: "pois", column: "title", on: sql) { id, title in
            try await sql.raw("UPDATE pois SET search_title = \(bind: SearchName.of(title)) WHERE id = \(bind: id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema("route_words").delete()
        try await database.schema(PointOfInterestRow.schema).deleteField("search_title").update()
    }

    /// Calls `body` with every row's id and `column` of `table`, in id order, a page at a time.
    private func eachPage(of table: String, column: String, on sql: any SQLDatabase,
                          _ body: (UUID, String) async throws -> Void) async throws {
        try await TablePages.each(of: table, columns: [column], size: 1000, on: sql) { page in
            for row in page {
                try await body(try row.decode(column: "id", as: UUID.self), try row.decode(column: column, as: String.self))
            }
        }
    }
}
