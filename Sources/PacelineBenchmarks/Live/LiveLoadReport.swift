/// What a live load run measured (`LiveLoadGenerator.run`). Rates and latencies are of
/// the window only; connections, errors and acknowledgements of the whole run.
public struct LiveLoadReport: Sendable, Codable, Hashable {
    /// Quantiles of a latency, milliseconds.
    public struct Latency: Sendable, Codable, Hashable {
        public var p50: Double
        public var p90: Double
        public var p99: Double
        public var max: Double

        public init(_ histogram: LatencyHistogram) {
            p50 = histogram.quantile(0.5)
            p90 = histogram.quantile(0.9)
            p99 = histogram.quantile(0.99)
            max = histogram.maximum
        }
    }

    /// Runners asked for.
    public var runners: Int
    /// Runners whose connection opened and whose `hello` was welcomed.
    public var connected: Int
    /// Runners in a session whose race started.
    public var racing: Int
    public var sessions: Int
    /// Sessions that did not start in time, and the first few reasons.
    public var sessionsFailed: Int
    public var failures: [String]
    /// Seconds from the run's start until the last session heard its countdown.
    public var setupSeconds: Double
    public var windowSeconds: Double
    public var fixesSent: Int
    public var fixesPerSecond: Double
    public var progressExpected: Int
    public var progressReceived: Int
    public var progressPerSecond: Double
    /// Receive wall time − the progress report's `time` (the instant its fix was due and sent).
    public var latency: Latency
    /// How late the generator sent fixes after they were due (included in `latency`).
    public var sendLag: Latency
    /// Racing runners who heard progress about every other member of their session.
    public var runnersHearingEveryone: Int
    /// Racing runners whose connection closed before the end.
    public var dropped: Int
    public var sendFailures: Int
    /// Fixes sent but not acknowledged (stored) by the end.
    public var unacknowledgedFixes: Int
    /// `error` messages received, by code.
    public var errors: [String: Int]
}
