import Foundation
import PacelineAPI

/// Something every instance must pass to the connections of a session it holds: a
/// message to deliver as it is (progress, a finish, the countdown), or, when `message` is
/// nil, word that the session changed, so each instance reads the session (lobby or
/// results) from the database and sends that. Lobbies and results can be larger than a
/// PostgreSQL notification may carry (8,000 bytes); this way they never travel in one.
struct LiveEvent: Sendable, Codable, Hashable {
    var sessionID: UUID
    var message: LiveServerMessage?

    static func changed(_ sessionID: UUID) -> LiveEvent { LiveEvent(sessionID: sessionID, message: nil) }
}

/// Carries `LiveEvent`s to every instance (this one included).
protocol LiveBus: Sendable {
    /// Starts delivering events to `receive`.
    func start(receive: @escaping @Sendable (LiveEvent) -> Void) async throws
    func publish(_ event: LiveEvent) async throws
    func stop() async
}

/// The bus of a single instance (SQLite): events go straight to this instance's connections.
final class LocalLiveBus: LiveBus, @unchecked Sendable {
    // Written once by `start`, before any `publish`.
    private var receive: (@Sendable (LiveEvent) -> Void)?

    func start(receive: @escaping @Sendable (LiveEvent) -> Void) async throws {
        self.receive = receive
    }

    func publish(_ event: LiveEvent) async throws {
        receive?(event)
    }

    func stop() async {}
}
