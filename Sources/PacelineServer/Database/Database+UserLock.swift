import Foundation
import Fluent
import SQLKit

extension Database {
    /// Runs `body` in a transaction with `user`'s row locked first (PostgreSQL), so that
    /// what a user keeps a limited number of (gear, goals, a run's photos) changes one request at a time on
    /// every instance: two requests adding the last allowed piece at once can't both; and a
    /// run naming a piece of gear can't meet that gear's deletion halfway. SQLite has one
    /// writer, and a transaction whose reads went stale is run again (`retryingTransaction`).
    func lockingUser<T: Sendable>(_ user: UUID, _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        try await locking(User.schema, user, body)
    }

    /// Runs `body` in a transaction with `club`'s row locked first (PostgreSQL): what a club
    /// keeps a limited number of (its running challenges) changes one request at a time,
    /// whichever admin sends it, on every instance.
    func lockingClub<T: Sendable>(_ club: UUID, _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        try await locking(Club.schema, club, body)
    }

    private func locking<T: Sendable>(_ table: String, _ id: UUID,
                                      _ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        try await retryingTransaction { transaction in
            let sql = transaction.sql
            if sql.dialect.name == "postgresql" {
                // NO KEY UPDATE: it queues the row's other such changes, not the rows that
                // only refer to it (a badge, a token), which take KEY SHARE.
                try await sql.raw("SELECT id FROM \(ident: table) WHERE id = \(bind: id) FOR NO KEY UPDATE").run()
            }
            return try await body(transaction)
        }
    }
}
