import Foundation
import Vapor

/// Runs a server until SIGINT or SIGTERM, then shuts it down gracefully (requests in
/// flight finish, database connections close).
public func serve(hostname: String, port: Int, database: DatabaseLocation, web: WebSettings = WebSettings(),
                  missionExamples: String? = nil) async throws {
    var environment = Environment(name: "production", arguments: ["paceline", "serve", "--hostname", hostname, "--port", "\(port)"])
    try LoggingSystem.bootstrap(from: &environment)
    let app = try await Application.make(environment)
    do {
        try await configure(app, settings: ServerSettings(database: database, web: web, missionExamples: missionExamples))
        app.logger.info("database: \(database.kind)")
        try await app.execute()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
    try await app.asyncShutdown()
}
