import Foundation

/// Consecutive active days: the current streak and the longest ever.
///
/// An active day is a local calendar day (`LocalDay`) on which the user's verified
/// activities starting that day cover at least `minimumDistance` in total. A streak is a
/// run of active days with no gap. It is *current* while its last day is today or
/// yesterday (today is not over yet); a whole calendar day without activity resets it to 0.
///
/// ```swift
/// let streak = DailyStreak(days: [LocalDay(number: 10), LocalDay(number: 11)], today: LocalDay(number: 12))
/// (streak.current, streak.longest)  // (2, 2): yesterday was active, so it still counts
/// ```
public struct DailyStreak: Sendable, Hashable {
    /// The distance that makes a day active, metres: a short walk, not a GPS test.
    public static let minimumDistance = 1000.0

    /// Days in the streak that is still going (0 when it was broken).
    public var current: Int
    /// Days in the longest streak ever.
    public var longest: Int
    /// The last active day, if any.
    public var lastActiveDay: LocalDay?

    /// The streaks of `days` (in any order, repeats allowed), seen on `today`.
    /// - Complexity: O(n log n) for n days.
    public init(days: some Sequence<LocalDay>, today: LocalDay) {
        let sorted = Set(days.map(\.number)).sorted()
        var longest = 0
        var length = 0
        var previous: Int?
        for day in sorted {
            length = previous == day - 1 ? length + 1 : 1
            longest = max(longest, length)
            previous = day
        }
        self.longest = longest
        self.lastActiveDay = previous.map(LocalDay.init(number:))
        if let previous, previous >= today.number - 1 { current = length } else { current = 0 }
    }

    /// The active days of `activities`: those whose activities add up to `minimumDistance`.
    /// - Complexity: O(n).
    public static func activeDays(of activities: [ActivityFact]) -> Set<LocalDay> {
        var totals: [LocalDay: Double] = [:]
        for activity in activities { totals[activity.localDay, default: 0] += activity.distanceMeters }
        return Set(totals.filter { $0.value >= minimumDistance }.keys)
    }
}
