/// The outcome of a follow run: how much of the route it covered and so whether it
/// joins the route, and how it finished against the pace.
public struct FollowResult: Sendable, Hashable {
    /// What a follow run becomes.
    public enum Classification: String, Sendable, Hashable, Codable {
        /// A run of this route: it joins the route's leaderboard.
        case follow
        /// Too little in common with the route: it can only become a new route.
        case new
    }

    /// The end of the run measured against the pace.
    public struct Finish: Sendable, Hashable, Codable {
        /// When the runner passed the route's last checkpoint, or their last fix if they never did.
        public var elapsedSeconds: Double
        /// Seconds ahead of the pace at that moment; nil if they ended off the route.
        public var aheadSeconds: Double?
        /// Whether the runner reached the route's last checkpoint.
        public var completed: Bool

        public init(elapsedSeconds: Double, aheadSeconds: Double?, completed: Bool) {
            self.elapsedSeconds = elapsedSeconds
            self.aheadSeconds = aheadSeconds
            self.completed = completed
        }

        /// Writes `aheadSeconds` as null when unknown, as the follow contract says.
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(elapsedSeconds, forKey: .elapsedSeconds)
            try c.encode(aheadSeconds, forKey: .aheadSeconds)
            try c.encode(completed, forKey: .completed)
        }
    }

    /// Least coverage that makes a run a `follow`.
    public static let followThreshold = 0.8

    /// |covered ∩ pace| / |follow ∪ pace| over checkpoints: the covered pace checkpoints
    /// over all pace checkpoints plus the follow run's checkpoints that were off the route.
    public var coverage: Double
    public var finish: Finish

    /// `follow` at `followThreshold` coverage or more, else `new`.
    public var classification: Classification { coverage >= Self.followThreshold ? .follow : .new }
}
