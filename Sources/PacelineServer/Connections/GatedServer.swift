import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import Vapor

/// Vapor's HTTP server with a `ConnectionGate` first on its listening channel.
///
/// Vapor keeps that channel to itself, but NIO gives every accepted connection its
/// listening channel as `parent`, and an upgrade hands over the connection: so once the
/// server listens, it opens one connection to itself, asks to upgrade it on a path only
/// this instance knows (`GateOpening`), and the upgrade puts the gate on the parent.
struct GatedServer: Server {
    let server: HTTPServer
    let opening: GateOpening

    var onShutdown: EventLoopFuture<Void> { server.onShutdown }

    @available(*, noasync, message: "Use the async start() method instead.")
    func start(address: BindAddress?) throws {
        try server.start(address: address)
        try opening.open(reaching: server.localAddress).wait()
    }

    func start(address: BindAddress?) async throws {
        try await server.start(address: address)
        try await opening.open(reaching: server.localAddress).get()
    }

    @available(*, noasync, message: "Use the async shutdown() method instead.")
    func shutdown() { server.shutdown() }

    func shutdown() async { await server.shutdown() }

    /// Makes `app` serve through Vapor's HTTP server behind the gate: with Vapor's idle timer
    /// on every connection, room for 4,096 connections waiting to be accepted, and the
    /// gate's path. Throws when the idle timeout would close live sockets between pings.
    static func use(on app: Application, settings: ServerSettings) throws {
        let connections = settings.connections
        guard connections.idleTimeout > settings.live.pingInterval else { throw ServerSettings.Mismatch.idleTimeoutWithinPings }
        // Vapor's IdleStateHandler, first in every connection's pipeline, kept after a
        // WebSocket upgrade.
        app.http.server.configuration.idleTimeout = .milliseconds(Int64(connections.idleTimeout * 1_000))
        // Connections the kernel holds until the server accepts them (Vapor's default is
        // 256): a flood that fills the queue makes every other client's connection wait
        // seconds for its SYN to be answered again, where the gate closes the flood's at once.
        app.http.server.configuration.backlog = 4_096
        let opening = GateOpening(gate: ConnectionGate(settings: connections, trustProxy: settings.trustProxy, logger: app.logger))
        app.get(PathComponent(stringLiteral: String(opening.path.dropFirst()))) { try opening.answer($0) }
        app.servers.use { app in GatedServer(server: app.http.server.shared, opening: opening) }
    }
}

/// The path on which a server's connection to itself puts the gate on its listening
/// channel, once: a random one, so no one else finds it (anyone else's request for it
/// is answered 404, as any path that is not there).
final class GateOpening: Sendable {
    let gate: ConnectionGate
    /// `/.connection-gate-` and 128 random bits.
    let path = "/.connection-gate-" + (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()
    private let opened = Mutex<EventLoopPromise<Void>?>(nil)

    init(gate: ConnectionGate) {
        self.gate = gate
    }

    /// Answers a request for `path`: an upgrade that puts the gate on the listening channel
    /// of the connection it came on, the first time.
    func answer(_ request: Request) throws -> Response {
        guard opened.withLock({ $0 != nil }) else { throw Abort(.notFound) }
        let response = Response(status: .switchingProtocols)
        response.upgrader = Upgrade(opening: self)
        return response
    }

    /// Connects to the server at `address` and asks for the upgrade; succeeds once the gate
    /// is in place, fails after 30 s without (a start on a machine busy with other work,
    /// a CI's tests starting servers by the dozen on 2 cores, waited longer than 10 s).
    func open(reaching address: SocketAddress?) -> EventLoopFuture<Void> {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        guard let address else { return loop.makeFailedFuture(GateNotOpened.notListening) }
        let promise = loop.makePromise(of: Void.self)
        opened.withLock { $0 = promise }
        let request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: \(Upgrade.name)\r\n\r\n"
        ClientBootstrap(group: loop).connect(to: address).whenComplete { [self] connected in
            switch connected {
            case .success(let channel):
                channel.writeAndFlush(ByteBuffer(string: request)).whenFailure { self.finish(.failure($0)) }
                promise.futureResult.whenComplete { _ in channel.close(promise: nil) }
            case .failure(let error):
                finish(.failure(error))
            }
        }
        loop.scheduleTask(in: .seconds(30)) { [self] in finish(.failure(GateNotOpened.noAnswer)) }
        return promise.futureResult
    }

    /// Completes the opening, once (later results find nothing left to complete).
    private func finish(_ result: Result<Void, any Error>) {
        opened.withLock { promise in defer { promise = nil }; return promise }?.completeWith(result)
    }

    /// Puts the gate first on `listening`, while the opening waits for it.
    fileprivate func put(on listening: (any Channel)?) -> EventLoopFuture<Void>? {
        guard opened.withLock({ $0 != nil }), let listening else { return nil }
        let added = listening.pipeline.addHandler(gate, position: .first)
        added.whenComplete { [self] in finish($0) }
        return added
    }

    /// The upgrade: the gate goes on before the answer, and the connection closes after it.
    private struct Upgrade: Upgrader, HTTPServerProtocolUpgrader {
        static let name = "paceline-connection-gate"
        let opening: GateOpening

        var supportedProtocol: String { Self.name }
        var requiredUpgradeHeaders: [String] { [] }

        func applyUpgrade(req: Request, res: Response) -> any HTTPServerProtocolUpgrader { self }

        func buildUpgradeResponse(channel: any Channel, upgradeRequest: HTTPRequestHead,
                                  initialResponseHeaders: HTTPHeaders) -> EventLoopFuture<HTTPHeaders> {
            guard let added = opening.put(on: channel.parent) else {
                return channel.eventLoop.makeFailedFuture(GateNotOpened.noListeningChannel)
            }
            return added.hop(to: channel.eventLoop).map { initialResponseHeaders }
        }

        func upgrade(context: ChannelHandlerContext, upgradeRequest: HTTPRequestHead) -> EventLoopFuture<Void> {
            context.close()
        }
    }
}

/// The gate could not be put on the listening channel (the server stops starting).
enum GateNotOpened: Error {
    case notListening, noAnswer, noListeningChannel
}
