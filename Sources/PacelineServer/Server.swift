import Foundation
import Vapor

/// Runs a server until SIGINT or SIGTERM, then shuts it down gracefully (requests in
/// flight finish, database connections close).
public func serve(hostname: String, port: Int, settings: ServerSettings) async throws {
    var environment = Environment(name: "production", arguments: ["paceline", "serve", "--hostname", hostname, "--port", "\(port)"])
    try LoggingSystem.bootstrap(from: &environment)
    let app = try await Application.make(environment)
    do {
        try await configure(app, settings: settings)
        app.logger.info("database: \(settings.database.kind)")
        app.servers.use { app in AnnouncedServer(server: app.http.server.shared, announcement: settings.announcement(hostname: hostname)) }
        try await app.execute()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}
