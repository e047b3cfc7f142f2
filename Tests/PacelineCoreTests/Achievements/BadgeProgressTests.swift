import Foundation
import PacelineCore
import Testing

@Suite("Badge progress")
struct BadgeProgressTests {
    static let day0 = Date(timeIntervalSince1970: 1_773_100_800)

    static func run(_ index: Int, km: Double, efforts: [BestEffort] = [], route: String? = nil, sport: Sport = .run) -> ActivityFact {
        ActivityFact(id: "run\(index)", start: day0.addingTimeInterval(Double(index) * 86_400 + 7 * 3600), utcOffsetSeconds: 0,
                     sport: sport, distanceMeters: km * 1000, movingSeconds: km * 360, bestEfforts: efforts, routeID: route)
    }

    static func progress(_ id: String, _ report: AchievementReport) -> BadgeProgress {
        report.badges.first { $0.badge.id == id }!
    }

    @Test("every badge has a name of its own: a total's '10 km in all' is not the longest's 'First 10 km'")
    func namesAreUnique() {
        let names = Badge.catalogue.map(\.name)
        #expect(Set(names).count == names.count, "\(Dictionary(grouping: names) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
        #expect(names.contains("10 km in all") && names.contains("First 10 km"))
    }

    @Test("a total badge is earned by the activity that crossed it, on its date; the next shows progress")
    func totals() {
        // 4 + 4 + 4 km: the third run crosses 10 km.
        let facts = AchievementFacts(activities: [Self.run(2, km: 4), Self.run(0, km: 4), Self.run(1, km: 4)])
        let report = AchievementReport(facts, now: Self.day0.addingTimeInterval(3 * 86_400), utcOffsetSeconds: 0)
        let ten = Self.progress("distance-10", report)
        #expect(ten.earnedBy == "run2")
        #expect(ten.earnedAt == Self.day0.addingTimeInterval(2 * 86_400 + 7 * 3600))
        #expect(ten.current == 12_000)
        let fifty = Self.progress("distance-50", report)
        #expect(!fifty.isEarned)
        #expect(abs(fifty.fraction - 0.24) < 1e-9)
        #expect(Self.progress("time-1", report).earnedBy == "run2")  // 3 × 1440 s crosses 3600 s
        #expect(Self.progress("streak-3", report).earnedBy == "run2")
        #expect(report.streak.current == 3)
        #expect(Self.progress("longest-5", report).current == 4000)
    }

    @Test("rides count for streaks but not for distance on foot")
    func rides() {
        let facts = AchievementFacts(activities: [Self.run(0, km: 30, sport: .ride)])
        let report = AchievementReport(facts, now: Self.day0, utcOffsetSeconds: 0)
        #expect(Self.progress("distance-10", report).current == 0)
        #expect(Self.progress("longest-10", report).current == 0)
        #expect(report.streak.longest == 1)
    }

    @Test("personal records: the first effort at a distance and every faster one")
    func records() {
        let facts = AchievementFacts(activities: [
            Self.run(0, km: 5, efforts: [BestEffort(distanceMeters: 1000, seconds: 300), BestEffort(distanceMeters: 5000, seconds: 1600)]),
            Self.run(1, km: 5, efforts: [BestEffort(distanceMeters: 1000, seconds: 310), BestEffort(distanceMeters: 5000, seconds: 1700)]),
            Self.run(2, km: 5, efforts: [BestEffort(distanceMeters: 1000, seconds: 290), BestEffort(distanceMeters: 5000, seconds: 1650)]),
        ])
        let report = AchievementReport(facts, now: Self.day0, utcOffsetSeconds: 0)
        let first = Self.progress("records-1", report)
        #expect(first.earnedBy == "run0")
        #expect(first.current == 3)
        #expect(!Self.progress("records-5", report).isEarned)
    }

    @Test("routes, groups and missions have their own families and dates")
    func others() {
        let later = Self.day0.addingTimeInterval(10 * 86_400)
        let facts = AchievementFacts(
            activities: [Self.run(0, km: 3, route: "A"), Self.run(1, km: 3, route: "A"), Self.run(2, km: 3, route: "B")],
            groups: [GroupFact(id: "solo", date: Self.day0, groupSize: 1), GroupFact(id: "pair", date: later, groupSize: 2)],
            missions: [MissionFact(id: "m1", date: later, medal: .gold)])
        let report = AchievementReport(facts, now: later, utcOffsetSeconds: 0)
        #expect(Self.progress("routes-1", report).earnedBy == "run0")
        #expect(Self.progress("routes-5", report).current == 2)
        #expect(Self.progress("group-1", report).earnedBy == "pair")
        #expect(Self.progress("goldMissions-1", report).earnedAt == later)
        #expect(!Self.progress("stages-1", report).isEarned)
        #expect(report.badges.count == Badge.catalogue.count)
        #expect(Set(Badge.catalogue.map(\.id)).count == Badge.catalogue.count)
    }

    @Test("a traveller's later activity on an earlier local day still joins the streak")
    func outOfOrderDays() {
        // Day 2 in Tokyo (UTC+9) at 00:30 = day 1 15:30Z; then day 1 in Honolulu (UTC−10) at 10:00 = day 1 20:00Z;
        // day 0 earlier at home.
        let home = ActivityFact(id: "h", start: Self.day0.addingTimeInterval(12 * 3600), utcOffsetSeconds: 0, sport: .run, distanceMeters: 5000, movingSeconds: 1500)
        let tokyo = ActivityFact(id: "t", start: Self.day0.addingTimeInterval(86_400 + 15.5 * 3600), utcOffsetSeconds: 9 * 3600, sport: .run, distanceMeters: 5000, movingSeconds: 1500)
        let honolulu = ActivityFact(id: "w", start: Self.day0.addingTimeInterval(86_400 + 20 * 3600), utcOffsetSeconds: -10 * 3600, sport: .run, distanceMeters: 5000, movingSeconds: 1500)
        #expect(tokyo.localDay.number == home.localDay.number + 2)
        #expect(honolulu.localDay.number == home.localDay.number + 1)
        let report = AchievementReport(AchievementFacts(activities: [home, tokyo, honolulu]), now: honolulu.start, utcOffsetSeconds: -10 * 3600)
        #expect(Self.progress("streak-3", report).earnedBy == "w")
        #expect(report.streak.longest == 3)
    }

    @Test("today is on the latest activity's calendar unless an offset is given")
    func todayInTheLatestOffset() {
        // 20:00Z on day 0 is 05:00 on day 1 in Tokyo (UTC+9); seen at 20:00Z on day 2, 05:00 on day 3 there.
        let tokyo = ActivityFact(id: "t", start: Self.day0.addingTimeInterval(20 * 3600), utcOffsetSeconds: 9 * 3600, sport: .run, distanceMeters: 5000, movingSeconds: 1500)
        let now = Self.day0.addingTimeInterval(2 * 86_400 + 20 * 3600)
        #expect(AchievementReport(AchievementFacts(activities: [tokyo]), now: now).streak.current == 0, "day 3 in Tokyo: day 2 was missed")
        #expect(AchievementReport(AchievementFacts(activities: [tokyo]), now: now, utcOffsetSeconds: 0).streak.current == 1, "day 2 in UTC: yesterday was day 1")
        #expect(AchievementReport(AchievementFacts(), now: now).streak.current == 0)
    }
}
