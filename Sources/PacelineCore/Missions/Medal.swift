import Foundation

/// What completing a route quickly earns.
public enum Medal: String, Sendable, Hashable, Codable, CaseIterable {
    case gold, silver, bronze
}

/// The longest times (seconds, from entering a route to completing it) for each medal.
///
/// ```swift
/// let thresholds = MedalThresholds(gold: 7 * 86_400, silver: 14 * 86_400, bronze: 28 * 86_400)
/// thresholds.medal(forSeconds: 10 * 86_400)  // .silver
/// thresholds.medal(forSeconds: 40 * 86_400)  // nil
/// ```
public struct MedalThresholds: Sendable, Hashable, Codable {
    public var gold: TimeInterval
    public var silver: TimeInterval
    public var bronze: TimeInterval

    public init(gold: TimeInterval, silver: TimeInterval, bronze: TimeInterval) {
        self.gold = gold
        self.silver = silver
        self.bronze = bronze
    }

    /// The medal a route completed in `seconds` earns; nil when slower than bronze.
    /// - Complexity: O(1).
    public func medal(forSeconds seconds: TimeInterval) -> Medal? {
        if seconds <= gold { return .gold }
        if seconds <= silver { return .silver }
        if seconds <= bronze { return .bronze }
        return nil
    }
}
