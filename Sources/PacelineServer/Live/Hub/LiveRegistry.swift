import Foundation
import PacelineAPI
import Synchronization
import Vapor

/// The live connections this instance holds, by user and by the session they are in, so
/// an event reaches exactly the sockets it concerns, and the session members they are (for
/// `LiveLobbyPresence`); and, for each, the lease it holds for its account
/// (`LiveSocketLeases`) and the token it authenticated with, so that the connections of a
/// token that is gone are closed. A message is encoded once and the same text written to
/// every socket.
final class LiveRegistry: Sendable {
    /// What an authenticated connection holds.
    private struct Credentials {
        var socket: WebSocket
        var user: UUID
        var lease: UUID
        /// The SHA-256 of its token, as `tokens.token_hash` has it.
        var tokenHash: String
    }

    private struct Entries {
        var byUser: [UUID: [ObjectIdentifier: WebSocket]] = [:]
        var bySession: [UUID: [ObjectIdentifier: WebSocket]] = [:]
        /// The `LiveMember` id of each socket in a session.
        var members: [ObjectIdentifier: UUID] = [:]
        var credentials: [ObjectIdentifier: Credentials] = [:]
    }

    private let entries = Mutex(Entries())

    /// `socket` authenticated as `user` with the token of SHA-256 `tokenHash`, and holds `lease`.
    func add(_ socket: WebSocket, user: UUID, lease: UUID, tokenHash: String) {
        entries.withLock { entries in
            entries.byUser[user, default: [:]][ObjectIdentifier(socket)] = socket
            entries.credentials[ObjectIdentifier(socket)] = Credentials(socket: socket, user: user, lease: lease, tokenHash: tokenHash)
        }
    }

    /// Forgets `socket` everywhere (it closed).
    func remove(_ socket: WebSocket, user: UUID, session: UUID?) {
        entries.withLock { entries in
            entries.byUser[user]?[ObjectIdentifier(socket)] = nil
            if entries.byUser[user]?.isEmpty == true { entries.byUser[user] = nil }
            entries.credentials[ObjectIdentifier(socket)] = nil
            if let session { Self.drop(socket, from: session, in: &entries) }
        }
    }

    /// `socket` now follows `session`, as its member `member`.
    func subscribe(_ socket: WebSocket, to session: UUID, as member: UUID) {
        entries.withLock { entries in
            entries.bySession[session, default: [:]][ObjectIdentifier(socket)] = socket
            entries.members[ObjectIdentifier(socket)] = member
        }
    }

    func unsubscribe(_ socket: WebSocket, from session: UUID) {
        entries.withLock { Self.drop(socket, from: session, in: &$0) }
    }

    private static func drop(_ socket: WebSocket, from session: UUID, in entries: inout Entries) {
        entries.bySession[session]?[ObjectIdentifier(socket)] = nil
        if entries.bySession[session]?.isEmpty == true { entries.bySession[session] = nil }
        entries.members[ObjectIdentifier(socket)] = nil
    }

    /// The session members whose connection is here.
    func heldMembers() -> [UUID] {
        entries.withLock { Array(Set($0.members.values)) }
    }

    /// The leases of the connections here.
    func heldLeases() -> [UUID] {
        entries.withLock { $0.credentials.values.map(\.lease) }
    }

    /// The tokens (SHA-256) the connections here authenticated with, each once.
    func heldTokens() -> [String] {
        entries.withLock { Array(Set($0.credentials.values.map(\.tokenHash))) }
    }

    /// The connections here that authenticated with one of the tokens (SHA-256) `tokenHashes`.
    func sockets(bearingAnyOf tokenHashes: Set<String>) -> [WebSocket] {
        entries.withLock { $0.credentials.values.filter { tokenHashes.contains($0.tokenHash) }.map(\.socket) }
    }

    /// The connections here of `user` that authenticated with another token than the one
    /// of SHA-256 `tokenHash`.
    func sockets(of user: UUID, notBearing tokenHash: String) -> [WebSocket] {
        entries.withLock { $0.credentials.values.filter { $0.user == user && $0.tokenHash != tokenHash }.map(\.socket) }
    }

    /// Sends `text` to every connection in `session`.
    func send(_ text: String, toSession session: UUID) {
        let sockets = entries.withLock { $0.bySession[session].map { Array($0.values) } ?? [] }
        for socket in sockets { socket.send(text) }
    }

    /// Sends `text` to every connection of each of `users` here.
    func send(_ text: String, toUsers users: some Sequence<UUID>) {
        let sockets = entries.withLock { entries in users.flatMap { entries.byUser[$0].map { Array($0.values) } ?? [] } }
        for socket in sockets { socket.send(text) }
    }

    /// Whether any connection of one of `users` is here.
    func holdsAny(of users: some Sequence<UUID>) -> Bool {
        entries.withLock { entries in users.contains { entries.byUser[$0] != nil } }
    }

    /// Races and follows with a connection here.
    var sessionCount: Int { entries.withLock { $0.bySession.count } }
}
