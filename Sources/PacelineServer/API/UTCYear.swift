import Foundation
import PacelineCore

/// Years as the server counts them when a runner's own clock is not asked: in UTC, on the
/// Gregorian calendar ("this year" on a leaderboard, a year of the heat map).
enum UTCYear {
    /// The year `date` falls in.
    static func of(_ date: Date) -> Int {
        Calendar.utc.component(.year, from: date)
    }

    /// The instant `year` begins: 1 January, 00:00 UTC.
    static func start(_ year: Int) -> Date {
        Calendar.utc.date(from: DateComponents(year: year, month: 1, day: 1))!
    }
}
