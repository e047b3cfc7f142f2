import NIOCore
import NIOHTTP1
import NIOWebSocket
import Vapor
import WebSocketKit

/// Upgrades a request to a live WebSocket as Vapor's `WebSocketUpgrader` does, and hands
/// over the connection's channel with the socket: a WebSocket can only ask its peer to
/// close, and a peer that never answers (a phone in a tunnel) would keep its connection,
/// and a stopping server, waiting for its next unanswered ping. With the channel,
/// `OpenSockets` closes such a connection itself.
struct LiveSocketUpgrader: Upgrader {
    let maxFrameSize: Int
    let onUpgrade: @Sendable (WebSocket, any Channel) -> Void

    /// The answer to `request` that upgrades its connection, calling `onUpgrade` once it has.
    static func response(maxFrameSize: Int, onUpgrade: @escaping @Sendable (WebSocket, any Channel) -> Void) -> Response {
        let response = Response(status: .switchingProtocols)
        response.upgrader = LiveSocketUpgrader(maxFrameSize: maxFrameSize, onUpgrade: onUpgrade)
        return response
    }

    func applyUpgrade(req: Request, res: Response) -> any HTTPServerProtocolUpgrader {
        NIOWebSocketServerUpgrader(
            maxFrameSize: maxFrameSize, automaticErrorHandling: false,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture([:]) },
            upgradePipelineHandler: { [onUpgrade] channel, _ in
                WebSocket.server(on: channel) { socket in onUpgrade(socket, channel) }
            })
    }
}
