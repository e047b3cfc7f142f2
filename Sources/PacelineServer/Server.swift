import Foundation
import Vapor

/// Runs a server until SIGINT or SIGTERM, then shuts it down gracefully (requests in
/// flight finish, database connections close).
public func serve(hostname: String, port: Int, settings: ServerSettings, logFormat: LogFormat = .plain) async throws {
    let environment = Environment(name: "production", arguments: ["paceline", "serve", "--hostname", hostname, "--port", "\(port)"])
    // LOG_LEVEL as Vapor reads it (trace … critical); info by default: a line a request.
    let level = Environment.get("LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? .info
    switch logFormat {
    case .plain: LoggingSystem.bootstrap(console: Terminal(), level: level)
    case .json: LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: level) }
    }
    let app = try await Application.make(environment)
    do {
        try await configure(app, settings: settings)
        app.logger.info("database: \(settings.database.kind)")
        let server = app.server
        app.servers.use { _ in AnnouncedServer(server: server, announcement: settings.announcement(hostname: hostname)) }
        try await app.execute()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}
