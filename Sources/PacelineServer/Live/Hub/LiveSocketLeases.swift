import Fluent
import Foundation
import SQLKit

/// How many live connections each account holds, over all instances: each authenticated
/// connection takes a lease (a `live_socket_leases` row) that its instance renews every
/// `LiveSettings.socketCheckInterval` and deletes on close. A lease not renewed for
/// `LiveSettings.socketLease` no longer counts, so the connections of an instance that
/// crashed stop counting against their accounts by themselves; such leases are deleted
/// an hour later by any instance (an instance that was only stalled renews its leases,
/// still there, and they count again).
enum LiveSocketLeases {
    /// Leases in one statement at most, as `LiveLobbyPresence` does.
    static let leasesPerStatement = 1_000
    /// Leases expired this long ago are deleted, seconds.
    static let forgottenAfter: TimeInterval = 3_600

    /// Takes lease `id` for a connection of `user` if the account holds fewer than
    /// `settings.socketsPerAccount` leases; returns whether it did.
    ///
    /// The count and the insert are one statement. On PostgreSQL it runs with the user's
    /// row locked (`FOR NO KEY UPDATE`, which leaves the row's other readers and
    /// references alone), so two instances taking a lease for one account at once take
    /// turns and the second counts the first's; SQLite runs one writing statement at a time.
    ///
    /// - Complexity: one statement on the `user_id` index (PostgreSQL: in a transaction,
    ///   after the lock).
    static func take(_ lease: LiveSocketLeaseID, user: UserID, settings: LiveSettings, on database: any Database, now: Date = Date()) async throws -> Bool {
        let (id, user) = (lease.uuid, user.uuid)
        let insert = { @Sendable (database: any SQLDatabase) async throws -> Bool in
            try await !database.raw("""
                INSERT INTO live_socket_leases (id, user_id, expires_at)
                SELECT \(bind: id), \(bind: user), \(bind: now.addingTimeInterval(settings.socketLease))
                WHERE (SELECT count(*) FROM live_socket_leases WHERE user_id = \(bind: user) AND expires_at > \(bind: now))
                      < \(bind: settings.socketsPerAccount)
                RETURNING id
                """).all().isEmpty
        }
        guard database.sql.dialect.name == "postgresql" else { return try await insert(database.sql) }
        return try await database.retryingTransaction { transaction in
            let sql = transaction.sql
            try await sql.raw("SELECT id FROM users WHERE id = \(bind: user) FOR NO KEY UPDATE").run()
            return try await insert(sql)
        }
    }

    /// Extends the leases `ids` to `now + settings.socketLease`.
    ///
    /// - Complexity: one `UPDATE` by primary key per `leasesPerStatement` leases.
    static func renew(_ ids: [UUID], settings: LiveSettings, on database: any Database, now: Date = Date()) async throws {
        for start in stride(from: 0, to: ids.count, by: leasesPerStatement) {
            try await LiveSocketLease.query(on: database).filter(\.$id ~~ ids[start..<min(start + leasesPerStatement, ids.count)])
                .set(\.$expiresAt, to: now.addingTimeInterval(settings.socketLease)).update()
        }
    }

    /// Gives back the leases `ids` (their connections closed).
    ///
    /// - Complexity: one `DELETE` by primary key per `leasesPerStatement` leases.
    static func release(_ ids: [UUID], on database: any Database) async throws {
        for start in stride(from: 0, to: ids.count, by: leasesPerStatement) {
            try await LiveSocketLease.query(on: database).filter(\.$id ~~ ids[start..<min(start + leasesPerStatement, ids.count)]).delete()
        }
    }

    /// Deletes the leases expired for longer than `forgottenAfter` (of instances gone).
    static func forget(on database: any Database, now: Date = Date()) async throws {
        try await LiveSocketLease.query(on: database).filter(\.$expiresAt < now.addingTimeInterval(-forgottenAfter)).delete()
    }
}
