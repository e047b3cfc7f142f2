import Vapor

/// A peer the tests serve themselves (a push service, a picture host): a Vapor app on a
/// free port of 127.0.0.1, running for the length of `body`.
enum LoopbackServer {
    /// Starts `app` on a free loopback port, runs `body` with that port, and shuts `app`
    /// down, whether `body` returns or throws.
    static func serving<R>(_ app: Application, _ body: (Int) async throws -> R) async throws -> R {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else { throw Abort(.internalServerError) }
        do {
            let result = try await body(port)
            await app.server.shutdown()
            try await app.asyncShutdown()
            return result
        } catch {
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
    }
}
