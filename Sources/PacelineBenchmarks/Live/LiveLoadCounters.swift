/// What the runners of one event loop counted. Each event loop has its own, touched only
/// on that loop (no locks); the report adds them up.
struct LiveLoadCounters: Sendable {
    /// Fixes due in the window and handed to the socket.
    var fixesSent = 0
    /// Progress reports those fixes should bring: one per other member of the sender's session.
    var progressExpected = 0
    /// Progress reports about another runner's fix due in the window.
    var progressReceived = 0
    /// Receive time − the fix's time, for each progress report counted.
    var latency = LatencyHistogram()
    /// Send time − the fix's time: how late the generator itself was.
    var sendLag = LatencyHistogram()
    /// Sends the socket failed.
    var sendFailures = 0
    /// `error` messages from the server, by code (the whole run, setup too).
    var errors: [String: Int] = [:]

    mutating func add(_ other: LiveLoadCounters) {
        fixesSent += other.fixesSent
        progressExpected += other.progressExpected
        progressReceived += other.progressReceived
        latency.merge(other.latency)
        sendLag.merge(other.sendLag)
        sendFailures += other.sendFailures
        errors.merge(other.errors, uniquingKeysWith: +)
    }
}
