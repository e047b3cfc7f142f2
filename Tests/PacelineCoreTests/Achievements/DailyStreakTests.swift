import Foundation
import PacelineCore
import Testing

@Suite("Daily streak")
struct DailyStreakTests {
    /// 2026-03-10T00:00:00Z.
    static let day0 = Date(timeIntervalSince1970: 1_773_100_800)

    static func run(_ id: String, at instant: Date, offsetHours: Int, km: Double = 5) -> ActivityFact {
        ActivityFact(id: id, start: instant, utcOffsetSeconds: offsetHours * 3600, sport: .run,
                     distanceMeters: km * 1000, movingSeconds: km * 330)
    }

    @Test("23:50 and 00:10 local are two days: a two-day streak")
    func acrossMidnight() {
        // Paris in winter, UTC+1: 23:50 local is 22:50Z, 00:10 local the next day is 23:10Z.
        let late = Self.run("a", at: Self.day0.addingTimeInterval(22 * 3600 + 50 * 60), offsetHours: 1)
        let early = Self.run("b", at: Self.day0.addingTimeInterval(23 * 3600 + 10 * 60), offsetHours: 1)
        #expect(late.localDay.text == "2026-03-10")
        #expect(early.localDay.text == "2026-03-11")
        let days = DailyStreak.activeDays(of: [late, early])
        let streak = DailyStreak(days: days, today: early.localDay)
        #expect(streak.current == 2)
        #expect(streak.longest == 2)
        // The same two instants in UTC are one day: the offset matters.
        let utc = DailyStreak.activeDays(of: [Self.run("a", at: late.start, offsetHours: 0), Self.run("b", at: early.start, offsetHours: 0)])
        #expect(utc.count == 1)
    }

    @Test("a traveller: New York in the evening, then Tokyo the next morning its local time")
    func traveller() {
        // New York (UTC−5) 20:00 on the 10th = 01:00Z on the 11th.
        let newYork = Self.run("ny", at: Self.day0.addingTimeInterval(25 * 3600), offsetHours: -5)
        // Flies 14 h; runs in Tokyo (UTC+9) at 07:00 on the 12th = 22:00Z on the 11th.
        let tokyo = Self.run("tk", at: Self.day0.addingTimeInterval(46 * 3600), offsetHours: 9)
        #expect(newYork.localDay.text == "2026-03-10")
        #expect(tokyo.localDay.text == "2026-03-12")
        // The 11th, lost in the air, had no activity: the streak restarts in Tokyo.
        let streak = DailyStreak(days: DailyStreak.activeDays(of: [newYork, tokyo]), today: tokyo.localDay)
        #expect(streak.longest == 1)
        #expect(streak.current == 1)
    }

    @Test("a streak is current through yesterday and resets after a whole day without activity")
    func reset() {
        let days = (0..<5).map { Self.run("r\($0)", at: Self.day0.addingTimeInterval(Double($0) * 86_400 + 8 * 3600), offsetHours: 0) }
        let active = DailyStreak.activeDays(of: days)
        let last = days[4].localDay
        #expect(DailyStreak(days: active, today: last).current == 5)
        #expect(DailyStreak(days: active, today: last.advanced(by: 1)).current == 5)  // today not over yet
        #expect(DailyStreak(days: active, today: last.advanced(by: 2)).current == 0)  // a day missed
        #expect(DailyStreak(days: active, today: last.advanced(by: 2)).longest == 5)
    }

    @Test("a day is active from 1 km in total: two 600 m walks count, one does not")
    func activeDay() {
        let morning = Self.run("m", at: Self.day0.addingTimeInterval(7 * 3600), offsetHours: 0, km: 0.6)
        let evening = Self.run("e", at: Self.day0.addingTimeInterval(19 * 3600), offsetHours: 0, km: 0.6)
        #expect(DailyStreak.activeDays(of: [morning]).isEmpty)
        #expect(DailyStreak.activeDays(of: [morning, evening]).count == 1)
    }

    @Test("local days before 1970 and the fallback offset from longitude")
    func localDay() {
        #expect(LocalDay(instant: Date(timeIntervalSince1970: -1), utcOffsetSeconds: 0).number == -1)
        #expect(LocalDay(instant: Date(timeIntervalSince1970: 86_400 - 600), utcOffsetSeconds: 3600).number == 1)
        #expect(LocalDay.fallbackOffset(longitude: 139.7) == 9 * 3600)
        #expect(LocalDay.fallbackOffset(longitude: -73.9) == -5 * 3600)
        #expect(LocalDay.fallbackOffset(longitude: nil) == 0)
    }
}
