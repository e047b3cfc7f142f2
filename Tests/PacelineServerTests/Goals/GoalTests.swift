import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Weekly and monthly goals: periods on the runner's clock, progress counted as the
/// statistics count it, a goal nobody else sees or deletes, and targets checked.
@Suite("Goals")
struct GoalTests {
    static let json = [("Content-Type", "application/json")]

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("a week starts on Monday and a month on its first, at midnight on the runner's clock")
    func windows() {
        // Wednesday 23:30 UTC is Thursday 00:30 at UTC+1: that week began Monday 23 November, 00:00 there.
        let week = GoalProgress.window(.week, containing: Self.date("2026-11-25T23:30:00Z"), utcOffset: 3600)
        #expect(week.start == Self.date("2026-11-22T23:00:00Z") && week.end == Self.date("2026-11-29T23:00:00Z"))
        // 1 December 03:00 UTC is still 30 November at UTC−5: November, from its first at 05:00 UTC.
        let month = GoalProgress.window(.month, containing: Self.date("2026-12-01T03:00:00Z"), utcOffset: -5 * 3600)
        #expect(month.start == Self.date("2026-11-01T05:00:00Z") && month.end == Self.date("2026-12-01T05:00:00Z"))
        // Sunday 23:59 is still the week of the Monday before.
        let sunday = GoalProgress.window(.week, containing: Self.date("2026-11-29T23:59:00Z"), utcOffset: 0)
        #expect(sunday.start == Self.date("2026-11-23T00:00:00Z"))
    }

    @Test("progress adds up the period's activities of the goal's sport (all, without one), as the statistics count them",
          arguments: TestDatabase.available)
    func progress(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let now = Date()
            let week = GoalProgress.window(.week, containing: now, utcOffset: 0)
            let month = GoalProgress.window(.month, containing: now, utcOffset: 0)
            let distance = try await ann.client.createGoal(body: .json(.init(sport: .run, period: .week, metric: .distance, target: 10_000))).created.body.json
            #expect(distance.progress == 0 && !distance.reached && distance.periodStart == week.start && distance.periodEnd == week.end)
            _ = try await ann.client.createGoal(body: .json(.init(sport: .run, period: .week, metric: .time, target: 600))).created
            _ = try await ann.client.createGoal(body: .json(.init(period: .month, metric: .activities, target: 3))).created

            let thisWeek = try await AchievementTests.upload(ann, meters: 2_000, start: week.start.addingTimeInterval(60))
            var walk = try await AchievementTests.upload(ann, meters: 1_000, start: week.start.addingTimeInterval(7_200))
            walk = try await ann.client.updateRun(path: .init(runId: walk.id), body: .json(.init(sport: .walk))).ok.body.json
            let lastWeek = try await AchievementTests.upload(ann, meters: 3_000, start: week.start.addingTimeInterval(-3 * 86_400))

            let goals = try await ann.client.listGoals().ok.body.json.goals
            #expect(goals.count == 3)
            #expect(abs(goals[0].progress - thisWeek.creditedDistanceMeters) < 0.001, "the walk and last week's run don't count")
            #expect(abs(goals[1].progress - thisWeek.movingSeconds) < 0.001)
            #expect(goals[1].reached == (thisWeek.movingSeconds >= 600))
            let inMonth = [thisWeek, walk, lastWeek].filter { month.contains($0.startTime!) && $0.startTime! < month.end }.count
            #expect(goals[2].progress == Double(inMonth) && goals[2].sport == nil, "every sport counts")

            // The statistics count the same metres.
            let stats = try await ann.client.getStatistics(query: .init(sport: .run)).ok.body.json
            let weekText = String(ISO8601DateFormatter().string(from: week.start).prefix(10))
            #expect(stats.weekly.first { $0.start == weekText }?.distanceMeters == goals[0].progress)

            // Another clock, another period: at UTC+14 the week may already be the next one.
            let east = try await ann.client.listGoals(query: .init(utcOffsetMinutes: 840)).ok.body.json.goals[0]
            #expect(east.periodStart == GoalProgress.window(.week, containing: Date(), utcOffset: 840 * 60).start)
            #expect(try await server.raw(.GET, "/me/goals?utcOffsetMinutes=900", token: ann.token).status == 400)
        }
    }

    @Test("someone else's goals are not listed and not deleted; targets are checked; one goal per sport, period and measure; at most 20",
          arguments: TestDatabase.available)
    func limits(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let mallory = try await server.newUser("Mallory")
            let goal = try await ann.client.createGoal(body: .json(.init(period: .week, metric: .activities, target: 4))).created.body.json
            #expect(try await mallory.client.listGoals().ok.body.json.goals.isEmpty)
            #expect(try await server.raw(.DELETE, "/me/goals/\(goal.id)", token: mallory.token).status == 404)
            #expect(try await server.raw(.GET, "/me/goals", token: nil).status == 401)

            for body in [#"{"period": "week", "metric": "distance", "target": 1e300}"#, #"{"period": "week", "metric": "distance", "target": 50}"#,
                         #"{"period": "week", "metric": "activities", "target": 2.5}"#, #"{"period": "week", "metric": "time", "target": 0}"#,
                         #"{"period": "day", "metric": "time", "target": 600}"#] {
                let response = try await server.raw(.POST, "/me/goals", token: ann.token, headers: Self.json, body: Data(body.utf8))
                #expect(response.status == 400, "\(body)")
            }
            let twice = try await server.raw(.POST, "/me/goals", token: ann.token, headers: Self.json,
                                             body: Data(#"{"period": "week", "metric": "activities", "target": 5}"#.utf8))
            #expect(twice.status == 409 && twice.errorCode == "goal_exists")

            let sports: [Components.Schemas.Sport] = [.run, .walk, .hike, .ride, .swim, .other]
            for (index, sport) in sports.enumerated() {
                _ = try await ann.client.createGoal(body: .json(.init(sport: sport, period: .week, metric: .distance, target: 1_000))).created
                _ = try await ann.client.createGoal(body: .json(.init(sport: sport, period: .month, metric: .distance, target: 1_000))).created
                if index < 5 { _ = try await ann.client.createGoal(body: .json(.init(sport: sport, period: .week, metric: .time, target: 600))).created }
            }
            // 18 now; six different goals at once for the last two places.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for sport in sports {
                    group.addTask {
                        try await server.raw(.POST, "/me/goals", token: ann.token, headers: Self.json,
                                             body: Data(#"{"sport": "\#(sport.rawValue)", "period": "month", "metric": "time", "target": 3600}"#.utf8)).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 2 && statuses.filter { $0 == 409 }.count == 4, "\(statuses.sorted())")
            #expect(try await ann.client.listGoals().ok.body.json.goals.count == 20)
            _ = try await ann.client.deleteGoal(path: .init(goalId: goal.id)).noContent
            #expect(try await ann.client.listGoals().ok.body.json.goals.count == 19)
        }
    }
}
