import Foundation
import Fluent
import SQLKit

extension Database {
    /// Runs `body` in a transaction with `user`'s row locked first (PostgreSQL), so that
    /// what a user keeps a limited number of (gear, goals) changes one request at a time on
    /// every instance: two requests adding the last allowed piece at once can't both; and a
    /// run naming a piece of gear can't meet that gear's deletion halfway. SQLite has one
    /// writer, and a transaction whose reads went stale is run again (`retryingTransaction`).
    func lockingUser<T: Sendable>(_ user: UUID, _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        try await retryingTransaction { transaction in
            let sql = transaction.sql
            if sql.dialect.name == "postgresql" {
                // NO KEY UPDATE: it queues the user's other such changes, not the rows that
                // only refer to the user (a badge, a token), which take KEY SHARE.
                try await sql.raw("SELECT id FROM users WHERE id = \(bind: user) FOR NO KEY UPDATE").run()
            }
            return try await body(transaction)
        }
    }
}
