import Fluent
import Foundation
import SQLKit

/// `users.search_name`: the display name folded for search (`SearchName`), filled in for
/// the users who exist; `SearchName.Keeper` keeps it from then on.
struct AddUserSearchName: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(User.schema)
            .field("search_name", .string, .required, .sql(.default("")))
            .update()
        let sql = database.sql
        for row in try await sql.raw("SELECT id, display_name FROM users").all() {
            let id = try row.decode(column: "id", as: UUID.self)
            let name = try row.decode(column: "display_name", as: String.self)
            try await sql.raw("UPDATE users SET search_name = \(bind: SearchName.of(name)) WHERE id = \(bind: id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(User.schema).deleteField("search_name").update()
    }
}
