import Fluent
import Foundation
import PacelineCore
import SQLKit

/// `runs.new_records`: the record distances over which each run was its owner's fastest
/// when recorded (`NewRecords`), for the runs that exist: each user's runs in the order
/// they were done, with the privacy each has now, a user at a time (their columns, never
/// a track).
struct AddRunNewRecords: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("new_records", .string).update()
        try await Self.measure(on: database.sql)
    }

    /// Measures every run's new records, user by user (`NewRecords.measureAll`).
    static func measure(on sql: any SQLDatabase) async throws {
        try await TablePages.each(of: "users", columns: [], size: 200, on: sql) { users in
            for user in users {
                try await NewRecords.measureAll(of: try user.decode(column: "id", as: UUID.self), on: sql)
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("new_records").update()
    }
}
