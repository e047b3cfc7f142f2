import Foundation
import NIOCore
import Vapor

/// The HTTP server (`GatedServer`), saying once it listens (and only then: a port already
/// taken is an error, not an invitation) where to open the app and how to begin.
struct AnnouncedServer: Server {
    let server: any Server
    let announcement: String

    var onShutdown: EventLoopFuture<Void> { server.onShutdown }

    func start(address: BindAddress?) throws {
        try server.start(address: address)
        announce()
    }

    func start(address: BindAddress?) async throws {
        try await server.start(address: address)
        announce()
    }

    func shutdown() { server.shutdown() }

    func shutdown() async { await server.shutdown() }

    private func announce() {
        FileHandle.standardOutput.write(Data((announcement + "\n").utf8))
    }
}

extension ServerSettings {
    /// What `paceline serve` prints once it listens on `hostname`: the address to open,
    /// where the data lives, and how to make the first account.
    func announcement(hostname: String) -> String {
        let open = publicURL?.absoluteString ?? "http://\(hostname)"
        let reach = ["127.0.0.1", "localhost", "::1"].contains(hostname)
            ? "this computer only: --hostname 0.0.0.0 lets your network in; phones record GPS over https only"
            : "listening on \(hostname)"
        let data = switch database {
        case .sqlite(let path) where path == ":memory:": "in memory (gone when the server stops)"
        case .sqlite(let path): "\(URL(fileURLWithPath: path).standardizedFileURL.path) (SQLite; --database chooses another file or a postgres:// URL)"
        case .postgres(_, let schema): "PostgreSQL" + (schema.map { ", schema \($0)" } ?? "")
        }
        return """

            Paceline is running.
              Open          \(open)  (\(reach))
              First account \(open)/#/login?register=1
              Data          \(data)
              Stop          Ctrl-C

            """
    }
}
