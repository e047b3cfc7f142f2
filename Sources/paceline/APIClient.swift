import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import PacelineAPI

/// The generated client, pointed at a server's `/api/v1`, with a bearer token when given.
enum APIClient {
    /// Checks first that a Paceline server answers (within 10 s: the HTTP client would
    /// otherwise keep retrying a refused connection for a minute). Any answer of `/health`
    /// will do, a 503 too: the request itself then says what is wrong.
    static func make(server: String, token: String?) async throws -> Client {
        guard let base = URL(string: server.hasSuffix("/") ? String(server.dropLast()) : server), base.scheme != nil else {
            throw Failure("`\(server)` is not a server address such as http://127.0.0.1:8080")
        }
        let url = base.appendingPathComponent("api/v1")
        let probe = Client(serverURL: url, configuration: .paceline,
                           transport: AsyncHTTPClientTransport(configuration: .init(timeout: .seconds(10))))
        do {
            _ = try await probe.getHealth()
        } catch {
            throw Failure("no Paceline server answers at \(server)")
        }
        return Client(serverURL: url, configuration: .paceline, transport: AsyncHTTPClientTransport(),
                      middlewares: token.map { [BearerToken(token: $0)] } ?? [])
    }

    /// One line on why a request failed (no server, refused connection…).
    static func describe(_ error: any Error) -> String {
        if let client = error as? ClientError { return "\(client.causeDescription): \(client.underlyingError)" }
        return "\(error)"
    }

    /// A failure described in one line.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
