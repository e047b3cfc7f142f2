import Fluent
import Foundation
import PacelineServer
import Vapor

/// The database of a live load run (`paceline-bench live`) or a test of many runners: a new SQLite file, or a new
/// schema of a PostgreSQL database, migrated and holding one logged-in user per runner;
/// `remove` deletes it.
///
/// Users are written straight to the database rather than registered through the API:
/// registration hashes each password with bcrypt at the server's cost (about 60 ms each,
/// ten minutes for 10,000 runners), and logging in is not what the run measures. They
/// all share one password hash (bcrypt, cost 4, computed once); their tokens are made
/// and stored exactly as logging in makes them (`TokenIssuer`: random, only the SHA-256
/// kept), so `hello` checks them the way it checks any token.
public struct RunnersDatabase: Sendable {
    /// Where the server should find the data (a PostgreSQL run names its schema).
    public let location: DatabaseLocation
    /// One bearer token per user, in order.
    public let tokens: [String]

    /// Creates the database at `location` (nil: a temporary SQLite file; a PostgreSQL URL
    /// gets a schema of its own) with `users` users, named for `benchmark` (so one
    /// benchmark's test can tell its own leftovers from another's running beside it).
    public static func create(users: Int, at location: DatabaseLocation?, for benchmark: String = "live") async throws -> RunnersDatabase {
        let resolved = try ThrowawayDatabase.location(location, for: benchmark)
        do {
            let tokens = try await resolved.withApplication { app in try await insertUsers(users, on: app.db) }
            return RunnersDatabase(location: resolved, tokens: tokens)
        } catch {
            await ThrowawayDatabase.remove(resolved)
            throw error
        }
    }

    /// Deletes the SQLite file (with its journal) or drops the PostgreSQL schema.
    public func remove() async {
        await ThrowawayDatabase.remove(location)
    }

    /// Inserts `count` users with a token each, 1,000 per transaction; returns the tokens.
    private static func insertUsers(_ count: Int, on database: any Database) async throws -> [String] {
        let passwordHash = try Bcrypt.hash("bench-live-password", cost: 4)
        let expiresAt = Date().addingTimeInterval(86_400)
        var tokens: [String] = []
        tokens.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: 1_000) {
            let users = (start..<min(start + 1_000, count)).map { index in
                let user = User(email: "runner\(index)@bench.paceline.invalid", passwordHash: passwordHash, displayName: "Runner \(index)")
                user.id = UUID()
                return user
            }
            let batch = users.map { _ in TokenIssuer.newToken() }
            try await database.retryingTransaction { transaction in
                try await users.create(on: transaction)
                try await zip(users, batch).map { user, token in
                    Token(userID: user.id!, tokenHash: TokenIssuer.hash(token), expiresAt: expiresAt)
                }.create(on: transaction)
            }
            tokens += batch
        }
        return tokens
    }
}
