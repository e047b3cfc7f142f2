import Foundation
import NIOHTTP1
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// A runner's dated physiology: entries only their owner sees and changes, each number
/// checked; the zones they make; stored training loads brought up to date when they
/// change; fitness, fatigue and form; race predictions; time in zones on an activity.
@Suite("Fitness")
struct FitnessTests {
    static let json = [("Content-Type", "application/json")]

    /// 5.4 km at 3 m/s from `start` (UTC): 15 minutes at 150 bpm, then 15 at 170.
    static func heartRun(_ user: TestUser, start: Date) async throws -> Components.Schemas.Run {
        var builder = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        builder.legs = [(east: 5_400, north: 0)]
        builder.speed = 3
        builder.interval = 2
        builder.start = start
        let half = start.addingTimeInterval(900)
        let fixes = builder.build().track.fixes.map { fix -> Components.Schemas.FixInput in
            .init(time: fix.time!, latitude: fix.coordinate!.latitude, longitude: fix.coordinate!.longitude, elevation: fix.elevation,
                  heartRate: fix.time! < half ? 150 : 170)
        }
        return try await user.client.uploadRun(query: .init(utcOffsetMinutes: 0), body: .json(.init(fixes: fixes))).created.body.json
    }

    /// TRIMP of `minutes` at reserve share `reserve`.
    static func trimp(minutes: Double, reserve: Double) -> Double { minutes * reserve * 0.64 * exp(1.92 * reserve) }

    static func entry(_ body: String, _ user: TestUser, _ server: TestServer) async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/me/physiology", token: user.token, headers: json, body: Data(body.utf8))
    }

    @Test("entries are their owner's alone, each number checked; the values in force carry on entry to entry; zones follow",
          arguments: TestDatabase.available)
    func entries(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let mallory = try await server.newUser("Mallory")
            let first = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2020-01-01", restingHeartRate: 50, maximumHeartRate: 180)))
                .created.body.json
            #expect(first.from == "2020-01-01" && first.restingHeartRate == 50 && first.thresholdHeartRate == nil)
            _ = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2021-06-01", thresholdHeartRate: 165))).created
            let list = try await ann.client.listPhysiology().ok.body.json
            #expect(list.entries.map(\.from) == ["2021-06-01", "2020-01-01"], "newest first")
            #expect(list.inForce.restingHeartRate == 50 && list.inForce.maximumHeartRate == 180 && list.inForce.thresholdHeartRate == 165)
            #expect(list.inForce.zones.method == .lactateThreshold)
            #expect(list.inForce.zones.zones.map(\.toHeartRate) == [140, 149, 157, 165, nil], "Friel: 85, 90, 95, 100 % of 165")

            // Before the threshold was said: Karvonen on rest 50, max 180 (60–90 % of 130 above 50); before anything, the defaults.
            let before = try await ann.client.getHeartRateZones(query: .init(date: "2021-05-31")).ok.body.json
            #expect(before.zones.method == .heartRateReserve && before.zones.zones.compactMap(\.toHeartRate) == [128, 141, 154, 167])
            let defaults = try await ann.client.getHeartRateZones(query: .init(date: "2019-12-31")).ok.body.json
            #expect(defaults.restingHeartRate == 60 && defaults.maximumHeartRate == 190 && defaults.zones.zones.first?.fromHeartRate == nil)
            #expect(try await server.raw(.GET, "/me/heart-rate-zones?date=2021-02-30", token: ann.token).status == 400)

            // Someone else's entries are not theirs to see, change or delete.
            #expect(try await mallory.client.listPhysiology().ok.body.json.entries.isEmpty)
            #expect(try await server.raw(.DELETE, "/me/physiology/\(first.id)", token: mallory.token).status == 404)
            #expect(try await server.raw(.PUT, "/me/physiology/\(first.id)", token: mallory.token, headers: Self.json,
                                         body: Data(#"{"from": "2020-01-01", "restingHeartRate": 70}"#.utf8)).status == 404)
            #expect(try await server.raw(.GET, "/me/physiology", token: nil).status == 401)

            for body in [#"{"from": "2022-01-01", "restingHeartRate": 10}"#, #"{"from": "2022-01-01", "maximumHeartRate": 1e300}"#,
                         #"{"from": "2022-01-01", "thresholdHeartRate": 185}"#, #"{"from": "2022-01-01", "thresholdPaceSecondsPerKilometer": 60}"#,
                         #"{"from": "2022-01-01", "zoneBounds": [120, 140, 160]}"#, #"{"from": "2022-01-01", "zoneBounds": [150, 140, 160, 170]}"#,
                         #"{"from": "2022-13-01", "restingHeartRate": 50}"#, #"{"from": "2022-01-01"}"#,
                         #"{"from": "2022-01-01", "restingHeartRate": 185}"#] {
                let response = try await Self.entry(body, ann, server)
                #expect(response.status == 400, "\(body): \(String(decoding: response.body, as: UTF8.self))")
            }
            // A threshold above a maximum said later is refused where it would be in force.
            let clash = try await Self.entry(#"{"from": "2023-01-01", "maximumHeartRate": 160}"#, ann, server)
            #expect(clash.status == 400 && String(decoding: clash.body, as: UTF8.self).contains("threshold"))
            #expect(try await Self.entry(#"{"from": "2020-01-01", "restingHeartRate": 45}"#, ann, server).status == 409)

            let changed = try await ann.client.updatePhysiologyEntry(path: .init(entryId: first.id),
                                                                     body: .json(.init(from: "2019-01-01", restingHeartRate: 45, maximumHeartRate: 185)))
                .ok.body.json
            #expect(changed.from == "2019-01-01" && changed.restingHeartRate == 45)
            _ = try await ann.client.deletePhysiologyEntry(path: .init(entryId: first.id)).noContent
            #expect(try await ann.client.listPhysiology().ok.body.json.entries.count == 1)
            // Deleting the entry that raised the maximum would leave a threshold above the default's: refused.
            let raised = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2024-01-01", maximumHeartRate: 205))).created.body.json
            _ = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2024-02-01", thresholdHeartRate: 195))).created
            let refused = try await server.raw(.DELETE, "/me/physiology/\(raised.id)", token: ann.token)
            #expect(refused.status == 400 && String(decoding: refused.body, as: UTF8.self).contains("threshold"))
        }
    }

    @Test("a change of physiology brings the stored loads of the runs it applies to up to date, in the background, once",
          arguments: TestDatabase.available)
    func loadsFollow(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let run = try await Self.heartRun(ann, start: Date().addingTimeInterval(-86_400))
            let id = run.id
            // 15 minutes at 150 and 15 at 170 bpm: reserves 90 and 110 of 130 (rest 60, max 190), then 105 and 125 of 155.
            let before = try #require(run.trainingLoad)
            #expect(abs(before.value - Self.trimp(minutes: 15, reserve: 90.0 / 130) - Self.trimp(minutes: 15, reserve: 110.0 / 130)) < 0.5)
            let entry = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2000-01-01", restingHeartRate: 45, maximumHeartRate: 200)))
                .created.body.json
            try await TrainingLoadUpdating.all(on: server.app.db)
            let after = try #require(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.trainingLoad)
            #expect(abs(after.value - Self.trimp(minutes: 15, reserve: 105.0 / 155) - Self.trimp(minutes: 15, reserve: 125.0 / 155)) < 0.5,
                    "\(after.value)")
            #expect(after.value < before.value, "a wider reserve (45–200): the same heart rates are a smaller share of it")
            #expect(try await TrainingLoadUpdating.outdated(on: server.app.db) == 0)
            #expect(try await TrainingLoadUpdating.all(on: server.app.db) == 0, "nothing left: done once")

            // A run uploaded now is measured with the values in force at once.
            let again = try await Self.heartRun(ann, start: Date().addingTimeInterval(-3 * 3_600))
            #expect(again.trainingLoad == after)

            // An entry after the run changes nothing of it; deleting the first brings the defaults back.
            _ = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2099-01-01", restingHeartRate: 70))).created
            try await TrainingLoadUpdating.all(on: server.app.db)
            #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.trainingLoad == after)
            _ = try await ann.client.deletePhysiologyEntry(path: .init(entryId: entry.id)).noContent
            try await TrainingLoadUpdating.all(on: server.app.db)
            let restored = try #require(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.trainingLoad)
            #expect(abs(restored.value - before.value) < 1e-6)
        }
    }

    @Test("fitness, fatigue and form day by day from the activities' loads, as the core's recurrences give them",
          arguments: TestDatabase.available)
    func fitness(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let now = Date()
            let older = try await AchievementTests.upload(ann, meters: 8_000, start: now.addingTimeInterval(-20 * 86_400))
            let recent = try await AchievementTests.upload(ann, meters: 5_000, start: now.addingTimeInterval(-3 * 86_400))
            let fitness = try await ann.client.getFitness(query: .init(days: 14)).ok.body.json
            #expect(fitness.days.count == 14)
            let today = LocalDay(instant: now, utcOffsetSeconds: 0)
            #expect(fitness.days.last?.date == today.text)
            // The core's series from the first run's day, its last 14 days.
            let loads = [older, recent].map { (day: LocalDay(instant: $0.startTime!, utcOffsetSeconds: 0), load: $0.trainingLoad!.value) }
            let series = FitnessSeries.days(from: loads[0].day, through: today, loads: loads).suffix(14)
            for (got, want) in zip(fitness.days, series) {
                #expect(got.date == want.day.text && abs(got.fitness - want.fitness) < 1e-9 && abs(got.fatigue - want.fatigue) < 1e-9
                        && abs(got.form - want.form) < 1e-9 && abs(got.rampRate - want.rampRate) < 1e-9)
            }
            #expect(fitness.days.contains { $0.load > 0 } && fitness.days.first!.fitness > 0, "the older run's load carries into the window")
            #expect(try await server.raw(.GET, "/me/fitness?days=3", token: ann.token).status == 400)
            #expect(try await server.raw(.GET, "/me/fitness", token: nil).status == 401)
        }
    }

    @Test("race predictions come from the last 90 days' best efforts, by Riegel and by VDOT, each naming its effort",
          arguments: TestDatabase.available)
    func predictions(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            #expect(try await ann.client.getRacePredictions().ok.body.json.races.isEmpty, "no effort, no prediction")
            let run = try await AchievementTests.upload(ann, meters: 5_200, start: Date().addingTimeInterval(-86_400))
            // Faster, but 120 days ago: left out.
            _ = try await NewRecordsTests.upload(ann, speed: 5, daysAgo: 120, privacy: .private)
            let predictions = try await ann.client.getRacePredictions().ok.body.json
            #expect(predictions.races.map(\.name) == ["5 km", "10 km", "Half marathon", "Marathon"])
            let efforts = try await ann.client.getRunBestEfforts(path: .init(runId: run.id)).ok.body.json.efforts
            let five = try #require(efforts.first { $0.name == "5 km" })
            let vdot = try #require(predictions.vdot)
            #expect(predictions.vdotEffort?.runId == run.id)
            #expect(abs(vdot - efforts.filter { $0.distanceMeters >= 1609 }.map { VDOT.of(meters: $0.distanceMeters, seconds: $0.seconds) }.max()!) < 1e-9)
            let ten = predictions.races[1]
            #expect(ten.riegel.effort.runId == run.id && ten.riegel.effort.distanceMeters >= 1609)
            #expect(ten.riegel.seconds <= RacePrediction.riegel(seconds: five.seconds, fromMeters: 5000, toMeters: 10_000) + 1e-9)
            #expect(abs(ten.vdot.seconds - VDOT.raceSeconds(meters: 10_000, vdot: vdot)) < 1e-6)
            let paces = try #require(predictions.trainingPaces)
            #expect(paces.easySlow > paces.easyFast && paces.easyFast > paces.marathon && paces.marathon > paces.threshold
                    && paces.threshold > paces.interval && paces.interval > paces.repetition)
        }
    }

    @Test("time in zones: a run's seconds in its owner's zones of its day, for its owner alone", arguments: TestDatabase.available)
    func zones(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let mallory = try await server.newUser("Mallory")
            let id = try await Self.heartRun(ann, start: Date().addingTimeInterval(-86_400)).id
            _ = try await ann.client.updateRun(path: .init(runId: id), body: .json(.init(privacy: .public))).ok
            // Default zones: 150 bpm is zone 2 (138–150), 170 zone 4 (164–176), 15 minutes each but the 2 s step
            // across the change, at its fixes' average 160 (zone 3).
            let zones = try await ann.client.getRunZones(path: .init(runId: id)).ok.body.json
            #expect(zones.zones.zones.count == 5 && zones.zones.method == .heartRateReserve)
            let seconds = zones.zones.zones.map { $0.seconds ?? -1 }
            #expect(seconds == [0, 898, 2, 900, 0], "\(seconds)")
            // With a threshold of 160 said for that day: Friel's zones, 150 in zone 3 (144–151), 170 in zone 5 (160 and up).
            _ = try await ann.client.createPhysiologyEntry(body: .json(.init(from: "2000-01-01", thresholdHeartRate: 160))).created
            let friel = try await ann.client.getRunZones(path: .init(runId: id)).ok.body.json.zones
            #expect(friel.method == .lactateThreshold && abs((friel.zones[2].seconds ?? 0) - 900) < 3 && abs((friel.zones[4].seconds ?? 0) - 900) < 3)
            #expect(try await server.raw(.GET, "/runs/\(id)/zones", token: mallory.token).status == 404, "a public run's zones are its owner's")
        }
    }
}
