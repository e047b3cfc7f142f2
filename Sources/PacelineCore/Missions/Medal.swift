import Foundation

/// What completing a route quickly earns.
public enum Medal: String, Sendable, Hashable, Codable, CaseIterable {
    case gold, silver, bronze

    /// The lowest of several medals, nil when any is missing or there are none: a whole
    /// is only as good as its weakest part (gold for a mission only when every route was).
    ///
    /// ```swift
    /// Medal.lowest(of: [.gold, .bronze, .silver])  // .bronze
    /// Medal.lowest(of: [.gold, nil])               // nil
    /// ```
    /// - Complexity: O(n).
    public static func lowest(of medals: [Medal?]) -> Medal? {
        guard !medals.isEmpty else { return nil }
        var lowest = Medal.gold
        for medal in medals {
            guard let medal else { return nil }
            if medal.rank > lowest.rank { lowest = medal }
        }
        return lowest
    }

    /// 0 for gold, 1 for silver, 2 for bronze.
    private var rank: Int { Self.allCases.firstIndex(of: self)! }
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
