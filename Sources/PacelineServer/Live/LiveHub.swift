import Fluent
import Foundation
import Logging
import PacelineAPI
import Synchronization
import Vapor

/// The live layer of one instance: the WebSocket endpoint `/api/v1/live`, the sockets it
/// holds (`LiveRegistry`), the store of received fixes (`LiveFixLog`) and the bus that
/// carries session events to every instance (`LiveBus`).
final class LiveHub: Sendable {
    let database: any Database
    let settings: LiveSettings
    /// Counts wrong join codes per account and per address.
    let limiter: AttemptLimiter
    let registry = LiveRegistry()
    let fixLog: LiveFixLog
    let bus: any LiveBus
    let logger: Logger
    private let sweeper = Mutex<Task<Void, Never>?>(nil)
    private let presence = Mutex<Task<Void, Never>?>(nil)

    init(database: any Database, bus: any LiveBus, settings: LiveSettings, limiter: AttemptLimiter, logger: Logger) {
        self.database = database
        self.bus = bus
        self.settings = settings
        self.limiter = limiter
        self.logger = logger
        fixLog = LiveFixLog(database: database, logger: logger)
    }

    func start() async throws {
        await fixLog.start(interval: settings.storeInterval)
        try await bus.start { [weak self] event in self?.deliver(event) }
        sweeper.withLock { $0 = repeating(every: settings.sweepInterval) { [weak self] in await self?.sweep() } }
        presence.withLock { $0 = repeating(every: settings.presenceInterval) { [weak self] in await self?.keepLobbies() } }
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
                                           presence.withLock { task in defer { task = nil }; return task }]
        for loop in loops { loop?.cancel() }
        for loop in loops { await loop?.value }
        await registry.closeAll()
        await bus.stop()
        await fixLog.stop()
    }

    /// Serves a new connection from `address` (`ClientAddress`) until it closes; one whose
    /// upgrade carried the web app's session cookie is signed in by it.
    func attach(_ socket: WebSocket, from address: String, sessionCookie: String? = nil) {
        socket.pingInterval = .milliseconds(Int64(settings.pingInterval * 1000))
        LiveConnection(socket: socket, hub: self, clientAddress: address, sessionCookie: sessionCookie).run()
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
