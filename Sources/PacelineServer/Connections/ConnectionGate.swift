import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// The first handler of the HTTP server's listening channel: it sees every connection as
/// it is accepted, before a byte of it is read. One from an address that holds
/// `ConnectionSettings.perAddress` connections already is closed at once; every other is
/// given its deadlines (`ConnectionDeadlines`), then handed on to Vapor's own handlers.
///
/// Vapor builds each connection's pipeline in a closure of its own and offers no place to
/// add a handler to it; NIO hands the listening channel the accepted connections, so a
/// handler there can. `GatedServer` puts it there.
final class ConnectionGate: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    let settings: ConnectionSettings
    /// The connections each address holds; nil behind a trusted proxy, where every
    /// connection comes from the proxy.
    let addresses: AddressQuota?
    let logger: Logger

    init(settings: ConnectionSettings, trustProxy: Bool, logger: Logger) {
        self.settings = settings
        addresses = trustProxy ? nil : AddressQuota(limit: settings.perAddress)
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let connection = unwrapInboundIn(data)
        let place = addresses.map { HeldPlace(quota: $0, address: ClientAddress.normalized(connection.remoteAddress?.ipAddress ?? "unknown")) }
        if let place {
            guard place.take() else {
                logger.debug("connection refused: \(place.address) holds \(settings.perAddress)")
                connection.close(promise: nil)
                return
            }
            connection.closeFuture.whenComplete { _ in place.release() }
        }
        // On the connection's loop before its registration (which NIO queues there after
        // this read has passed Vapor's handlers): the installer puts the deadlines in their
        // place once Vapor's handlers are there.
        connection.eventLoop.execute { [settings, logger] in
            do {
                try connection.pipeline.syncOperations.addHandler(DeadlinesInstaller(settings: settings, place: place, logger: logger),
                                                                  position: .first)
            } catch {
                logger.error("connection not given its deadlines: \(String(reflecting: error))")
                connection.close(promise: nil)
            }
        }
        context.fireChannelRead(data)
    }
}

/// A connection's place in its address's count, given back once: when it closes, or when
/// it becomes a live socket (counted by the live hub instead).
final class HeldPlace: Sendable {
    let quota: AddressQuota
    let address: String
    private let held = Atomic(false)

    init(quota: AddressQuota, address: String) {
        self.quota = quota
        self.address = address
    }

    /// Takes a place; false when the address holds its limit already.
    func take() -> Bool {
        guard quota.admit(address) else { return false }
        held.store(true, ordering: .relaxed)
        return true
    }

    /// Gives the place back, if it is still held.
    func release() {
        if held.exchange(false, ordering: .acquiringAndReleasing) { quota.release(address) }
    }
}

/// Waits, first in a new connection's pipeline, for Vapor's handlers to be added, then puts
/// `ConnectionDeadlines` right after the HTTP decoder (where it sees requests and answers
/// part by part) and leaves.
private final class DeadlinesInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    let settings: ConnectionSettings
    let place: HeldPlace?
    let logger: Logger

    init(settings: ConnectionSettings, place: HeldPlace?, logger: Logger) {
        self.settings = settings
        self.place = place
        self.logger = logger
    }

    func channelRegistered(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        do {
            let decoder = try pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionDeadlines(settings: settings, place: place), position: .after(decoder.handler))
        } catch {
            logger.error("connection not given its deadlines: \(String(reflecting: error))")
            context.close(promise: nil)
        }
        context.fireChannelRegistered()
        pipeline.removeHandler(context: context, promise: nil)
    }
}
