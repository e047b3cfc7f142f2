import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Readiness and the start: the race starts once everyone who joined the lobby (two at
/// least) is ready, at one instant `countdownSeconds` away, the same for all.
enum LiveStart {
    typealias Status = LiveSessionState.Member.Status

    /// Marks member `memberID` ready or not; returns the start instant if this made everyone ready.
    ///
    /// The session row is locked first (PostgreSQL), so two members getting ready at once
    /// on two instances cannot both miss, or both make, the start; SQLite has one writer.
    static func setReady(_ ready: Bool, memberID: UUID, sessionID: UUID, settings: LiveSettings,
                         on database: any Database) async throws -> Date? {
        try await database.transaction { transaction in
            let sql = transaction as! any SQLDatabase
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT id FROM live_sessions WHERE id = \(bind: sessionID) FOR UPDATE").run()
            }
            guard let session = try await LiveSession.find(sessionID, on: transaction), session.startsAt == nil else {
                throw APIError(status: .conflict, code: "already_started", message: "the race has started")
            }
            guard let current = try await LiveMember.find(memberID, on: transaction),
                  current.status == Status.joined.rawValue || current.status == Status.ready.rawValue else {
                throw APIError(status: .conflict, code: "not_in_lobby", message: "join the session's lobby first")
            }
            current.status = (ready ? Status.ready : Status.joined).rawValue
            try await current.save(on: transaction)
            let lobby = try await LiveMember.query(on: transaction).filter(\.$session.$id == sessionID)
                .filter(\.$status ~~ [Status.joined.rawValue, Status.ready.rawValue]).all()
            guard lobby.count >= 2, lobby.allSatisfy({ $0.status == Status.ready.rawValue }) else { return nil }
            let startsAt = Date().addingTimeInterval(settings.countdownSeconds)
            session.startsAt = startsAt
            session.code = nil
            session.codeExpiresAt = nil
            try await session.save(on: transaction)
            try await LiveMember.query(on: transaction).filter(\.$session.$id == sessionID)
                .filter(\.$status == Status.ready.rawValue).set(\.$status, to: Status.running.rawValue).update()
            return startsAt
        }
    }
}
