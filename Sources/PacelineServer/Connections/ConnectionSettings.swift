import Foundation

/// How long an HTTP connection may take over each part of a request, and how many one
/// client address may hold (docs/SECURITY.md, "HTTP connections").
public struct ConnectionSettings: Sendable {
    /// A new connection whose first request's header has not fully come within this many
    /// seconds is closed: a client that connects and says nothing, or half a header.
    /// A phone sends its header at once; a few kilobytes take milliseconds.
    public var headerTimeout: TimeInterval = 10
    /// A connection on which nothing is read or written for this many seconds is closed
    /// (Vapor's own timer, on every connection, live sockets included: their pings keep
    /// them, `LiveSettings.pingInterval` being shorter); and a kept-alive connection's next
    /// request header must have come within it. 60 s: the timer counts the server's own
    /// work as idle too, and the proxies in docs/OPERATIONS.md give up after 60 s anyway.
    public var idleTimeout: TimeInterval = 60
    /// A request body must come at least this fast, bytes a second, over each
    /// `bodyRateWindow`: 1 KiB/s is a phone on the slowest mobile data, and a 32 MiB upload
    /// at that rate would take nine hours.
    public var minimumBodyRate = 1_024
    /// The window over which `minimumBodyRate` is counted, seconds: a phone that stalls for
    /// a few seconds in a tunnel is not cut off.
    public var bodyRateWindow: TimeInterval = 30
    /// HTTP connections one client address (`ClientAddress`; the socket's peer) may hold
    /// open at once, not counting those upgraded to live sockets (which
    /// `LiveSettings.socketsPerAddress` counts). A household or a club's evening on one
    /// Wi-Fi, a browser opening six connections each, stays below it; one machine holding
    /// every open file of the server can't. Not counted behind a trusted proxy
    /// (`--trust-proxy`), where every connection comes from the proxy: its own limits hold.
    public var perAddress = 256

    public init() {}
}
