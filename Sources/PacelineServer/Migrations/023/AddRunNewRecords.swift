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

    /// Measures every run's new records again, user by user.
    static func measure(on sql: any SQLDatabase) async throws {
        try await TablePages.each(of: "users", columns: [], size: 200, on: sql) { users in
            for user in users {
                let owner = try user.decode(column: "id", as: UUID.self)
                let runs = try await sql.raw("""
                    SELECT id, sport, privacy, best_efforts FROM runs
                    WHERE owner_id = \(bind: owner) AND start_time IS NOT NULL AND deleted_at IS NULL ORDER BY start_time, id
                    """).all()
                var tallies: [String: NewRecords.Tally] = [:]
                for row in runs {
                    let sport = try row.decode(column: "sport", as: String.self)
                    let privacy = Privacy(rawValue: try row.decode(column: "privacy", as: String.self)) ?? .private
                    let efforts = BestEffort.stored(try row.decode(column: "best_efforts", as: String.self))
                    let records = tallies[sport, default: .init()].records(efforts, privacy: privacy)
                    tallies[sport, default: .init()].add(efforts, privacy: privacy)
                    try await sql.raw("UPDATE runs SET new_records = \(bind: NewRecords.json(records)) WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))").run()
                }
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("new_records").update()
    }
}
