import Foundation

/// When the fixes an app sends one at a time (`FixLog`) become a run.
public struct FixLogSettings: Sendable {
    /// How long a log receives nothing before it becomes a run, seconds. Ten minutes: longer
    /// than any stop at a crossing or a café, and GPSLogger's auto-send, which replays a
    /// whole log at once, needs none of it.
    public var quiet: TimeInterval
    /// How often each instance looks for quiet logs, seconds.
    public var interval: TimeInterval

    public init(quiet: TimeInterval = 600, interval: TimeInterval = 60) {
        self.quiet = quiet
        self.interval = interval
    }
}
