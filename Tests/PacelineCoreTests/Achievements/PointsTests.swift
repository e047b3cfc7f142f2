import Foundation
import PacelineCore
import Testing

@Suite("Points")
struct PointsTests {
    @Test("distance points grow faster than distance")
    func distance() {
        #expect(Points.distancePoints(kilometers: 5) == 52)
        #expect(Points.distancePoints(kilometers: 10) == 110)
        #expect(Points.distancePoints(kilometers: 42.195) == 599)
        #expect(Points.distancePoints(kilometers: 0) == 0)
        #expect(Points.distancePoints(kilometers: .nan) == 0)
        let ride = ActivityFact(id: "r", start: Date(), utcOffsetSeconds: 0, sport: .ride, distanceMeters: 40_000, movingSeconds: 4800)
        #expect(Points.distancePoints(ride) == 110)  // a 40 km ride counts as 10 km
    }

    @Test("streak points: 5 × the day's place in its streak, at most 35")
    func streak() {
        let nine = Set((0..<9).map { LocalDay(number: 100 + $0) })
        // 5+10+15+20+25+30+35+35+35
        #expect(Points.streakPoints(nine) == 210)
        let broken: Set<LocalDay> = [LocalDay(number: 1), LocalDay(number: 2), LocalDay(number: 4)]
        #expect(Points.streakPoints(broken) == 5 + 10 + 5)
    }

    @Test("what one activity earned: its distance, and its day's streak points when it is the day's first")
    func earnedByOne() {
        let day = Date(timeIntervalSince1970: 1_773_100_800)  // a midnight, UTC
        let run = { (id: String, hours: Double, km: Double) in
            ActivityFact(id: id, start: day.addingTimeInterval(hours * 3600), utcOffsetSeconds: 0, sport: .run,
                         distanceMeters: km * 1000, movingSeconds: km * 300)
        }
        let facts = AchievementFacts(activities: [run("b", 9, 5), run("a", 7, 10), run("c", 31, 5)], groups: [], discoveries: [],
                                     stages: [], missions: [])
        #expect(Points.earned(by: "a", in: facts) == Points(distance: 110, streak: 5), "the day's first: day 1 of the streak")
        #expect(Points.earned(by: "b", in: facts) == Points(distance: 52), "the same day counts once")
        #expect(Points.earned(by: "c", in: facts) == Points(distance: 52, streak: 10), "the next day: day 2")
        #expect(Points.earned(by: "z", in: facts) == Points())
        // Every activity's share adds up to the profile's distance and streak points.
        let each = ["a", "b", "c"].map { Points.earned(by: $0, in: facts) }
        #expect(each.reduce(0) { $0 + $1.distance } == Points(facts).distance && each.reduce(0) { $0 + $1.streak } == Points(facts).streak)
    }

    @Test("group, discovery, stage and mission points, and the total")
    func others() {
        #expect(Points.groupPoints(size: 1) == 0)
        #expect(Points.groupPoints(size: 4) == 30)
        #expect(Points.groupPoints(size: 40) == 90)
        let date = Date(timeIntervalSince1970: 1_773_100_800)
        let facts = AchievementFacts(
            activities: [ActivityFact(id: "a", start: date, utcOffsetSeconds: 0, sport: .run, distanceMeters: 10_000, movingSeconds: 3000)],
            groups: [GroupFact(id: "g", date: date, groupSize: 3)],
            discoveries: [DatedFact(id: "d1", date: date), DatedFact(id: "d2", date: date)],
            stages: [DatedFact(id: "s", date: date)],
            missions: [MissionFact(id: "m", date: date, medal: .silver)])
        let points = Points(facts)
        #expect(points == Points(distance: 110, streak: 5, group: 20, discovery: 50, stage: 50, mission: 300))
        #expect(points.total == 535)
    }
}
