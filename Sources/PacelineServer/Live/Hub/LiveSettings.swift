import Foundation

/// The live hub's tunables. Defaults suit phones on real networks; tests shorten some.
public struct LiveSettings: Sendable {
    /// Seconds from "everyone is ready" to GO: the 3-2-1 countdown.
    public var countdownSeconds: TimeInterval = 3
    /// How long a join code works after the session is made.
    public var codeLifetime: TimeInterval = 15 * 60
    /// How often received fixes are stored (and acknowledged), seconds.
    public var storeInterval: TimeInterval = 0.25
    /// A fix may be at most this many seconds ahead of the server's clock (a phone's GPS
    /// clock is exact; more is a forged time). nil: not checked (tests replaying recorded runs).
    public var fixClockTolerance: TimeInterval? = 10
    /// A session created from a walk invitation opens this long before its start.
    public var invitationOpensBefore: TimeInterval = 30 * 60
    /// A lobby is sent to the users it invites when they connect for this long after it
    /// was made (it stays joinable after; it is only no longer announced).
    public var lobbyListedFor: TimeInterval = 2 * 60 * 60
    /// A connection that has not authenticated (a `hello` with a valid token) within this
    /// many seconds is closed: a phone says hello as soon as it connects.
    public var authenticationDeadline: TimeInterval = 5
    /// Before a connection authenticates, each `unauthorized` answer (a wrong token, or
    /// another message before `hello`) is sent this many seconds late: a socket guesses
    /// at most once a pause, 5 times before its deadline.
    public var unauthorizedPause: TimeInterval = 1
    /// Connections one client address (`ClientAddress`) may hold open on one instance at
    /// once, authenticated or not. A club racing together from one place behind one NAT
    /// (even 300 runners, each phone with a connection and a few with a second while they
    /// change networks), or the subscribers sharing a carrier's NAT address, stay well
    /// below it; one machine cannot hold thousands. Per instance (`AddressQuota`).
    public var socketsPerAddress = 500
    /// Connections one account may hold open at once, over all instances: a phone, a
    /// browser with the friends and live pages open in a few tabs, and the old connection
    /// of a phone that just changed networks (closed at its first unanswered ping).
    public var socketsPerAccount = 10
    /// How often each instance renews the leases of the connections it holds
    /// (`LiveSocketLeases`) and closes those whose token is gone or expired. Seconds.
    public var socketCheckInterval: TimeInterval = 5
    /// How long a connection's lease counts against its account without renewal: the
    /// connections of an instance that crashed stop counting after this. Seconds.
    public var socketLease: TimeInterval = 30
    /// A race closes once this slow a runner would have finished, plus `overtime`: whoever
    /// is still out then (gone for good, say) has given up, and results go out. m/s.
    public var slowestSpeed = 1.0
    public var overtime: TimeInterval = 10 * 60
    /// How often races past their time are looked for, seconds.
    public var sweepInterval: TimeInterval = 60
    /// A lobby member (`joined` or `ready`) with no connection to any instance for longer
    /// than this goes back to `invited`, so the others can start without them; back
    /// sooner, they keep their place (a phone switching networks). Seconds.
    public var lobbyGrace: TimeInterval = 30
    /// How often each instance marks the lobby members it holds a connection for as seen,
    /// then sends back to invited those no instance has seen for `lobbyGrace`. A member
    /// is demoted between `lobbyGrace - presenceInterval` and `lobbyGrace + presenceInterval`
    /// after their connection is known to be gone. Seconds.
    public var presenceInterval: TimeInterval = 5
    /// The server pings every connection this often and closes one that has not answered
    /// by the next ping: a phone that died or lost its network sends no close, and without
    /// this its socket (and its place in a lobby) would outlive it. Seconds.
    public var pingInterval: TimeInterval = 10

    /// When a race to `distance` metres that started at `start` closes.
    func closingTime(start: Date, distance: Double) -> Date {
        start.addingTimeInterval(distance / slowestSpeed + overtime)
    }

    /// Race distances allowed, metres.
    public static let distances: ClosedRange<Double> = 100...100_000
    /// Fixes in one `fixes` message at most.
    public static let maximumFixesPerMessage = 1_000

    public init() {}
}
