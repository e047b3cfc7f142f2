import Foundation
import PacelineAPI
import PacelineLiveClient

extension TestServer {
    /// `ws://127.0.0.1:PORT/api/v1/live`.
    public var liveURL: URL {
        var components = URLComponents(url: baseURL.appendingPathComponent("live"), resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        return components.url!
    }

    /// A live connection that has said hello as `user` (and heard welcome).
    public func live(_ user: TestUser) async throws -> LiveClient {
        let client = try await LiveClient.connect(to: liveURL)
        try await client.send(.hello(.init(token: user.token)))
        _ = try await client.next(waitingFor: "welcome") { if case .welcome(let welcome) = $0 { welcome } else { nil } }
        return client
    }
}

extension LiveClient {
    /// Whether the connection is closed within `timeout` (checked every 20 ms).
    public func closed(within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isClosed, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return isClosed
    }
}
