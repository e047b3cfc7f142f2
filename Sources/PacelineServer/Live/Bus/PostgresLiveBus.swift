import FluentPostgresDriver
import Foundation
import Logging
import PacelineAPI
import PostgresNIO
import SQLKit

/// The bus of instances sharing one PostgreSQL: an event is a `NOTIFY` on one channel,
/// and every instance (the publisher too) `LISTEN`s on its own connection, so two friends
/// connected to different instances see each other. A dropped listening connection is
/// reopened after a second.
final class PostgresLiveBus: LiveBus, @unchecked Sendable {
    private let configuration: PostgresConnection.Configuration
    private let database: any SQLDatabase
    private let channel: String
    private let logger: Logger
    private var listener: Task<Void, Never>?

    /// Listens with `configuration`; publishes through `database`. Instances on one
    /// database and `schema` share the channel.
    init(configuration: PostgresConnection.Configuration, database: any SQLDatabase, schema: String?, logger: Logger) {
        self.configuration = configuration
        self.database = database
        self.channel = "paceline_live_" + (schema ?? "public")
        self.logger = logger
    }

    func start(receive: @escaping @Sendable (LiveEvent) -> Void) async throws {
        let listening = AsyncStream<Void>.makeStream()
        listener = Task { [configuration, channel, logger] in
            var signalled = false
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: channel) { notifications in
                        if !signalled { signalled = true; listening.continuation.finish() }
                        for try await notification in notifications {
                            guard let event = try? LiveCoding.decode(LiveEvent.self, from: notification.payload) else {
                                logger.warning("unreadable live event on \(channel)")
                                continue
                            }
                            receive(event)
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.warning("live bus connection lost, reconnecting: \(String(reflecting: error))")
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            if !signalled { listening.continuation.finish() }
        }
        for await _ in listening.stream {}
    }

    func publish(_ event: LiveEvent) async throws {
        let payload = try LiveCoding.encode(event)
        try await database.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    func stop() async {
        listener?.cancel()
        listener = nil
    }
}
