import Vapor

extension DatabaseLocation {
    /// Runs `body` with a server application on this database, migrated as `serve`
    /// migrates it, then shuts the application down. The CLI's imports and the
    /// benchmarks (`PacelineBenchmarks`) write through it.
    package func withApplication<Value>(_ body: (Application) async throws -> Value) async throws -> Value {
        let app = try await Application.make(Environment(name: "production", arguments: ["paceline"]))
        app.logger.logLevel = .warning
        let result: Result<Value, any Error>
        do {
            try await configure(app, settings: ServerSettings(database: self))
            result = .success(try await body(app))
        } catch {
            result = .failure(error)
        }
        try await app.asyncShutdown()
        return try result.get()
    }
}
