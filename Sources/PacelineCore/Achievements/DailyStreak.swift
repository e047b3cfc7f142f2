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
        let places = Self.places(of: days)
        longest = places.lazy.map(\.place).max() ?? 0
        lastActiveDay = places.last?.day
        if let last = places.last, last.day.number >= today.number - 1 { current = last.place } else { current = 0 }
    }

    /// Each of `days` (in any order, repeats allowed) once, in order, with its place in its
    /// streak: 1 for a streak's first day, 2 for the next, and so on.
    ///
    /// ```swift
    /// DailyStreak.places(of: [LocalDay(number: 11), LocalDay(number: 10), LocalDay(number: 13)]).map(\.place)  // [1, 2, 1]
    /// ```
    /// - Complexity: O(n log n) for n days.
    static func places(of days: some Sequence<LocalDay>) -> [(day: LocalDay, place: Int)] {
        var places: [(day: LocalDay, place: Int)] = []
        for day in Set(days).sorted() {
            let place = places.last.map { $0.day.number == day.number - 1 ? $0.place + 1 : 1 } ?? 1
            places.append((day, place))
        }
        return places
    }

    /// The active days of `activities`: those whose activities add up to `minimumDistance`.
    /// - Complexity: O(n).
    public static func activeDays(of activities: [ActivityFact]) -> Set<LocalDay> {
        var totals: [LocalDay: Double] = [:]
        for activity in activities { totals[activity.localDay, default: 0] += activity.distanceMeters }
        return Set(totals.filter { $0.value >= minimumDistance }.keys)
    }
}
