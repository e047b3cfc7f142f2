import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Readiness and the start: the race starts once everyone who joined the lobby (two at
/// least) is ready, at one instant `countdownSeconds` away, the same for all.
enum LiveStart {
    typealias Status = LiveSessionState.Member.Status

    /// Marks `member` of `session` ready or not; returns the start instant if this made everyone ready.
    static func setReady(_ ready: Bool, member: LiveMemberID, of session: LiveSessionID, settings: LiveSettings,
                         on database: any Database) async throws -> Date? {
        try await locked(session.uuid, on: database) { session, transaction in
            guard session.startsAt == nil else {
                throw Refusal(.conflict, code: "already_started", message: "the race has started")
            }
            guard let current = try await LiveMember.find(member.uuid, on: transaction),
                  current.status == Status.joined || current.status == Status.ready else {
                throw Refusal(.conflict, code: "not_in_lobby", message: "join the session's lobby first")
            }
            current.status = ready ? .ready : .joined
            try await current.save(on: transaction)
            return try await startIfEveryoneReady(session, settings: settings, on: transaction)
        }
    }

    /// Starts the lobby of `sessionID` if everyone left in it is ready (someone left it, or
    /// was sent back to invited); returns the start instant if it did.
    static func startIfEveryoneReady(_ sessionID: UUID, settings: LiveSettings, on database: any Database) async throws -> Date? {
        try await locked(sessionID, on: database) { session, transaction in
            guard session.startsAt == nil else { return nil }
            return try await startIfEveryoneReady(session, settings: settings, on: transaction)
        }
    }

    /// Runs `body` in a transaction with the session row locked first (PostgreSQL), so two
    /// instances changing one lobby at once cannot both miss, or both make, the start;
    /// SQLite has one writer.
    private static func locked<T: Sendable>(_ sessionID: UUID, on database: any Database,
                                            _ body: @escaping @Sendable (LiveSession, any Database) async throws -> T) async throws -> T {
        try await database.retryingTransaction { transaction in
            let sql = transaction.sql
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT id FROM live_sessions WHERE id = \(bind: sessionID) FOR UPDATE").run()
            }
            guard let session = try await LiveSession.find(sessionID, on: transaction) else { throw Refusal.notFound("session") }
            return try await body(session, transaction)
        }
    }

    /// Sets the start if the lobby (its `joined` and `ready` members, two at least) is all ready.
    private static func startIfEveryoneReady(_ session: LiveSession, settings: LiveSettings, on transaction: any Database) async throws -> Date? {
        let sessionID = try session.requireID()
        let lobby = try await LiveMember.query(on: transaction).filter(\.$session.$id == sessionID)
            .filter(\.$status ~~ [Status.joined, Status.ready]).all()
        guard lobby.count >= 2, lobby.allSatisfy({ $0.status == Status.ready }) else { return nil }
        let startsAt = Date().addingTimeInterval(settings.countdownSeconds)
        session.startsAt = startsAt
        session.code = nil
        session.codeExpiresAt = nil
        try await session.save(on: transaction)
        try await LiveMember.query(on: transaction).filter(\.$session.$id == sessionID)
            .filter(\.$status == Status.ready).set(\.$status, to: Status.running).update()
        return startsAt
    }
}
