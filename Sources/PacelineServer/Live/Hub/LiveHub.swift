import Fluent
import Foundation
import Logging
import PacelineAPI
import Synchronization
import Vapor

/// The live layer of one instance: the WebSocket endpoint `/api/v1/live`, the sockets it
/// holds (`LiveRegistry`), how many each address holds (`AddressQuota`), the checks
/// of their tokens (`LiveAuthenticator`), the store of received fixes (`LiveFixLog`) and
/// the bus that carries session events to every instance (`LiveBus`).
final class LiveHub: Sendable {
    let database: any Database
    let settings: LiveSettings
    /// Counts wrong join codes per account and per address.
    let limiter: AttemptLimiter
    let registry = LiveRegistry()
    /// Every socket attached, signed in or not, for shutdown to close.
    let open = OpenSockets()
    let addresses: AddressQuota
    let authenticator: LiveAuthenticator
    let fixLog: LiveFixLog
    let bus: any LiveBus
    let logger: Logger
    private let sweeper = Mutex<Task<Void, Never>?>(nil)
    private let presence = Mutex<Task<Void, Never>?>(nil)
    private let keeper = Mutex<Task<Void, Never>?>(nil)

    init(database: any Database, bus: any LiveBus, settings: LiveSettings, limiter: AttemptLimiter, logger: Logger) {
        self.database = database
        self.bus = bus
        self.settings = settings
        self.limiter = limiter
        self.logger = logger
        addresses = AddressQuota(limit: settings.socketsPerAddress)
        authenticator = LiveAuthenticator(database: database)
        fixLog = LiveFixLog(database: database, logger: logger)
    }

    func start() async throws {
        await fixLog.start(interval: settings.storeInterval)
        try await bus.start { [weak self] event in self?.deliver(event) }
        sweeper.withLock { $0 = repeating(every: settings.sweepInterval) { [weak self] in await self?.sweep() } }
        presence.withLock { $0 = repeating(every: settings.presenceInterval) { [weak self] in await self?.keepLobbies() } }
        keeper.withLock { $0 = repeating(every: settings.socketCheckInterval) { [weak self] in await self?.keepSockets() } }
    }

    /// Renews the leases of the connections held here, closes those whose token is gone
    /// (logged out, a password changed, deleted by hand) or expired, and deletes leases
    /// long forgotten (`LiveSocketLeases`). Checking every held token this way closes a
    /// token's connections on every instance, however the token went, with no message
    /// between instances.
    ///
    /// - Complexity: two statements per 1,000 connections held, and one `DELETE`.
    private func keepSockets() async {
        do {
            try await LiveSocketLeases.renew(registry.heldLeases(), settings: settings, on: database)
            let held = registry.heldTokens()
            let gone = Set(held).subtracting(try await LiveTokens.unexpired(held, on: database))
            for socket in registry.sockets(bearingAnyOf: gone) { LiveCloseReason.tokenRevoked.close(socket) }
            try await LiveSocketLeases.forget(on: database)
        } catch {
            logger.error("live sockets not kept: \(String(reflecting: error))")
        }
    }

    /// Closes this instance's connections that authenticated with the token of SHA-256
    /// `tokenHash`, at once (it was just revoked here; other instances find out within
    /// `LiveSettings.socketCheckInterval`).
    func closeSockets(ofToken tokenHash: String) {
        for socket in registry.sockets(bearingAnyOf: [tokenHash]) { LiveCloseReason.tokenRevoked.close(socket) }
    }

    /// Closes this instance's connections of `user` but those that authenticated with the
    /// token of SHA-256 `tokenHash`, at once (the user's other tokens were just deleted
    /// here, a password changed; other instances find out within
    /// `LiveSettings.socketCheckInterval`).
    func closeSockets(of user: UUID, exceptToken tokenHash: String) {
        for socket in registry.sockets(of: user, notBearing: tokenHash) { LiveCloseReason.tokenRevoked.close(socket) }
    }

    /// Marks the lobby members connected here as present, then sends back to invited those
    /// absent everywhere past the grace (`LiveLobbyPresence`), which may start a lobby
    /// whose other members are all ready.
    private func keepLobbies() async {
        do {
            try await LiveLobbyPresence.touch(registry.heldMembers(), on: database)
            for session in try await LiveLobbyPresence.demoteAbsent(settings: settings, on: database) {
                await startIfEveryoneReady(session)
                await publish(.changed(session))
            }
        } catch {
            logger.error("live lobby presence failed: \(String(reflecting: error))")
        }
    }

    /// Starts the lobby of `sessionID` if those left in it are all ready (someone left),
    /// and tells everyone the countdown.
    func startIfEveryoneReady(_ sessionID: UUID) async {
        do {
            guard let startsAt = try await LiveStart.startIfEveryoneReady(sessionID, settings: settings, on: database) else { return }
            await publish(LiveEvent(sessionID: sessionID,
                                    message: .countdown(.init(sessionId: sessionID.apiID, startsAt: startsAt, serverTime: Date()))))
        } catch {
            logger.error("live session \(sessionID) not started: \(String(reflecting: error))")
        }
    }

    /// Ends races past their time and tells their members.
    private func sweep() async {
        do {
            await fixLog.flush()
            for session in try await LiveSweeper.sweep(settings: settings, on: database) { await publish(.changed(session)) }
        } catch {
            logger.error("live sweep failed: \(String(reflecting: error))")
        }
    }

    /// Stops everything; a second call finds nothing left to stop.
    func shutdown() async {
        // A sweep (or presence round) under way finishes before the databases close.
        let loops: [Task<Void, Never>?] = [sweeper.withLock { task in defer { task = nil }; return task },
                                           presence.withLock { task in defer { task = nil }; return task },
                                           keeper.withLock { task in defer { task = nil }; return task }]
        for loop in loops { loop?.cancel() }
        for loop in loops { await loop?.value }
        // The leases go back now, while the database is open; the closes that follow find none.
        try? await LiveSocketLeases.release(registry.heldLeases(), on: database)
        await open.closeAll()
        await bus.stop()
        await fixLog.stop()
    }

    /// Serves a new connection (`socket` on `channel`) from `address` (`ClientAddress`) until
    /// it closes; one whose upgrade carried the web app's session cookie, or a trusted proxy's
    /// header naming an account, is signed in by it.
    /// Closes it at once when that address holds `LiveSettings.socketsPerAddress` here already.
    func attach(_ socket: WebSocket, on channel: any Channel, from address: String, upgrade: LiveConnection.UpgradeSignIn? = nil) {
        guard addresses.admit(address) else {
            LiveCloseReason.tooManyFromAddress(limit: addresses.limit).close(socket)
            return
        }
        socket.onClose.whenComplete { [addresses] _ in addresses.release(address) }
        open.insert(socket, on: channel)
        socket.pingInterval = .milliseconds(Int64(settings.pingInterval * 1000))
        LiveConnection(socket: socket, hub: self, clientAddress: address, upgrade: upgrade).run()
    }

    /// Sends `event` to every instance (this one included).
    func publish(_ event: LiveEvent) async {
        do {
            try await bus.publish(event)
        } catch {
            logger.error("live event not published: \(String(reflecting: error))")
        }
    }

    /// Passes an event from the bus to this instance's connections: a message as it is to
    /// the session's sockets; a change as the session's state (or results), read once, to
    /// the sockets of all its members (so the invited hear of it too).
    private func deliver(_ event: LiveEvent) {
        if let message = event.message {
            guard let text = try? LiveCoding.encode(message) else { return }
            registry.send(text, toSession: event.sessionID)
            return
        }
        Task {
            do {
                guard let session = try await LiveSession.find(event.sessionID, on: database) else { return }
                let state = try await session.state(on: database)
                let users = state.members.compactMap { UUID(uuidString: $0.userId) }
                guard registry.holdsAny(of: users) else { return }
                let message: LiveServerMessage = if let results = try session.storedResults() { .results(results) } else { .session(state) }
                registry.send(try LiveCoding.encode(message), toUsers: users)
            } catch {
                logger.error("live session \(event.sessionID) not delivered: \(String(reflecting: error))")
            }
        }
    }
}
