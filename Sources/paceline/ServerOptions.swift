import ArgumentParser
import Foundation

/// The server a command uploads to, and the bearer token it uploads with
/// (`paceline upload`, `import` and `sync`).
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's address.")
    var server = "http://127.0.0.1:8080"

    @Option(help: "A bearer token (default: $PACELINE_TOKEN, which other users can't see in `ps`).")
    var token: String?

    /// `--token`, else `PACELINE_TOKEN`; exits 64 when neither is given.
    func bearerToken() throws -> String {
        guard let token = token ?? ProcessInfo.processInfo.environment["PACELINE_TOKEN"], !token.isEmpty else {
            Output.error("no token: log in with `paceline login` and pass --token or set PACELINE_TOKEN")
            throw ExitCode(64)
        }
        return token
    }
}
