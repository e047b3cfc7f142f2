import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Workouts")
struct WorkoutTests {
    static let sixByFour = Components.Schemas.WorkoutInput(name: "6 × 400 m", steps: [
        .init(meters: 1000, target: .easy),
        .init(_repeat: 6, intervals: [.init(meters: 400, target: .fast), .init(seconds: 90, target: .rest)]),
    ])

    @Test("create, edit, reorder, duplicate, delete and choose the active workout", arguments: TestDatabase.available)
    func lifecycle(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let first = try await ann.client.createWorkout(body: .json(Self.sixByFour)).created.body.json
            #expect(first.intervalCount == 13 && first.steps.count == 2 && first.steps[1].intervals?.count == 2)
            let second = try await ann.client.createWorkout(body: .json(.init(name: "Tempo", steps: [
                .init(seconds: 600, target: .steady), .init(meters: 3000, target: .pace, paceSecondsPerKilometer: 270),
            ]))).created.body.json
            // Edit: reorder the intervals of the second.
            let edited = try await ann.client.updateWorkout(path: .init(workoutId: second.id), body: .json(.init(name: "Tempo reversed", steps: [
                .init(meters: 3000, target: .pace, paceSecondsPerKilometer: 270), .init(seconds: 600, target: .steady),
            ]))).ok.body.json
            #expect(edited.name == "Tempo reversed" && edited.steps.first?.meters == 3000 && edited.steps.first?.paceSecondsPerKilometer == 270)
            // Duplicate goes right after its original.
            let copy = try await ann.client.duplicateWorkout(path: .init(workoutId: first.id)).created.body.json
            #expect(copy.name == "6 × 400 m (copy)" && copy.intervalCount == 13)
            var list = try await ann.client.listWorkouts().ok.body.json
            #expect(list.workouts.map(\.id) == [first.id, copy.id, second.id])
            #expect(list.activeWorkoutId == nil)
            // Reorder the list.
            list = try await ann.client.reorderWorkouts(body: .json(.init(workoutIds: [second.id, first.id, copy.id]))).ok.body.json
            #expect(list.workouts.map(\.id) == [second.id, first.id, copy.id])
            let incomplete = try await server.raw(.PUT, "/workout-order", token: ann.token, headers: [("Content-Type", "application/json")],
                                                  body: Data(#"{"workoutIds":["\#(first.id)"]}"#.utf8))
            #expect(incomplete.status == 400 && incomplete.errorCode == "bad_request")
            // Settings: default bands, then the runner's own and an active workout.
            let defaults = try await ann.client.getWorkoutSettings().ok.body.json
            #expect(defaults.paceBands.fast.fastest == 240 && defaults.paceBands.fast.slowest == 300 && defaults.activeWorkoutId == nil)
            var bands = defaults.paceBands
            bands.fast = .init(fastest: 210, slowest: 250)
            let set = try await ann.client.updateWorkoutSettings(body: .json(.init(paceBands: bands, activeWorkoutId: copy.id))).ok.body.json
            #expect(set.paceBands.fast.fastest == 210 && set.activeWorkoutId == copy.id)
            #expect(try await ann.client.getWorkoutSettings().ok.body.json == set)
            #expect(try await ann.client.listWorkouts().ok.body.json.activeWorkoutId == copy.id)
            bands.easy = .init(fastest: 400, slowest: 300)
            let inverted = try await ann.client.updateWorkoutSettings(body: .json(.init(paceBands: bands)))
            #expect(status(inverted) == 400)
            // Deleting the active workout leaves none active.
            _ = try await ann.client.deleteWorkout(path: .init(workoutId: copy.id)).noContent
            list = try await ann.client.listWorkouts().ok.body.json
            #expect(list.workouts.map(\.id) == [second.id, first.id] && list.activeWorkoutId == nil)
            #expect(status(try await ann.client.getWorkout(path: .init(workoutId: copy.id))) == 404)
        }
    }

    @Test("bad plans are 400 naming the step", arguments: TestDatabase.available)
    func badPlans(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let cases: [(String, String)] = [
                (#"{"name":"x","steps":[{"meters":400,"seconds":60,"target":"fast"}]}"#, "exactly one of"),
                (#"{"name":"x","steps":[{"meters":400,"target":"pace"}]}"#, "paceSecondsPerKilometer"),
                (#"{"name":"x","steps":[{"repeat":300,"intervals":[{"meters":4,"target":"fast"},{"meters":4,"target":"rest"}]}]}"#, "more than 500"),
                (#"{"name":"  ","steps":[{"meters":400,"target":"fast"}]}"#, "no name"),
                (#"{"name":"x","steps":[{"meters":400,"target":"sprint"}]}"#, ""),
            ]
            for (body, message) in cases {
                let response = try await server.raw(.POST, "/workouts", token: bo.token, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
                #expect(response.status == 400, "\(body)")
                let text = ((response.json?["error"] as? [String: Any])?["message"] as? String) ?? ""
                #expect(message.isEmpty || text.contains(message), "\(body): \(text)")
            }
            #expect(try await bo.client.listWorkouts().ok.body.json.workouts.isEmpty)
        }
    }

    @Test("a run uploaded with a workout is replayed by the server into the workout log", arguments: TestDatabase.available)
    func workoutLog(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            let plan = Components.Schemas.WorkoutInput(name: "2 × 200 m", steps: [
                .init(_repeat: 2, intervals: [.init(meters: 200, target: .fast), .init(seconds: 60, target: .rest)]),
            ])
            let workout = try await cy.client.createWorkout(body: .json(plan)).created.body.json
            // 200 m at 4 m/s, a minute's walk, then 200 m at only 2.2 m/s: slower than the fast band.
            let run = PhasedRun(phases: [.move(seconds: 50, speed: 4), .move(seconds: 60, speed: 1.5),
                                         .move(seconds: 100, speed: 2.2), .move(seconds: 70, speed: 1.5)]).activity
            let gpx = Data(GPXWriter.write(run).utf8)
            let uploaded = try await cy.client.uploadRun(query: .init(workoutId: workout.id), body: .applicationGpxXml(HTTPBody(gpx)))
            let runID = try uploaded.created.body.json.id
            let page = try await cy.client.listWorkoutLog().ok.body.json
            #expect(page.entries.count == 1 && page.nextCursor == nil)
            let entry = try await cy.client.getWorkoutLogEntry(path: .init(entryId: try #require(page.entries.first).id)).ok.body.json
            #expect(entry.runId == runID && entry.workoutId == workout.id && entry.workoutName == "2 × 200 m")
            #expect(entry.plan.steps.first?._repeat == 2)
            // The same numbers as PacelineCore's replay of the track as the server stores it
            // (coordinates to 1e-7°), with the default bands.
            let stored = try CompactTrack.decode(CompactTrack.encode(try ActivityReader.read(gpx, format: .gpx).track)).track
            let expected = WorkoutSession.replay(Activity(format: .gpx, sport: .run, track: stored),
                                                 plan: try WorkoutPlan.decode(JSONEncoder().encode(plan))).session.summary
            #expect(entry.summary.completed == expected.completed && entry.summary.completed)
            #expect(entry.summary.intervals.count == 4)
            for (got, want) in zip(entry.summary.intervals, expected.intervals) {
                #expect(got.status.rawValue == want.status.rawValue)
                #expect(abs((got.actualSeconds ?? -1) - (want.actualSeconds ?? -2)) < 1e-9)
                #expect(abs((got.actualMeters ?? -1) - (want.actualMeters ?? -2)) < 1e-9)
            }
            let slow = entry.summary.intervals[2]
            #expect(abs((slow.actualSeconds ?? 0) - 200 / 2.2) < 3 && (slow.actualSeconds ?? 0) > slow.plannedSeconds)

            // Deleting the workout keeps the log entry, with its plan.
            _ = try await cy.client.deleteWorkout(path: .init(workoutId: workout.id)).noContent
            let kept = try await cy.client.getWorkoutLogEntry(path: .init(entryId: entry.id)).ok.body.json
            #expect(kept.workoutId == nil && kept.plan.name == "2 × 200 m")
        }
    }

    @Test("another user's workouts, settings and log are out of reach", arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), eve = try await server.newUser("Eve")
            let workout = try await ann.client.createWorkout(body: .json(Self.sixByFour)).created.body.json
            let gpx = Data(GPXWriter.write(PhasedRun(phases: [.move(seconds: 60, speed: 3)]).activity).utf8)
            _ = try await ann.client.uploadRun(query: .init(workoutId: workout.id), body: .applicationGpxXml(HTTPBody(gpx))).created
            let entry = try #require(try await ann.client.listWorkoutLog().ok.body.json.entries.first)

            let path = Operations.GetWorkout.Input.Path(workoutId: workout.id)
            #expect(status(try await eve.client.getWorkout(path: path)) == 404)
            #expect(status(try await eve.client.updateWorkout(path: .init(workoutId: workout.id), body: .json(.init(name: "Mine", steps: [.init(seconds: 1, target: .rest)])))) == 404)
            #expect(status(try await eve.client.duplicateWorkout(path: .init(workoutId: workout.id))) == 404)
            #expect(status(try await eve.client.deleteWorkout(path: .init(workoutId: workout.id))) == 404)
            #expect(status(try await eve.client.getWorkoutLogEntry(path: .init(entryId: entry.id))) == 404)
            #expect(try await eve.client.listWorkoutLog().ok.body.json.entries.isEmpty)
            #expect(try await eve.client.listWorkouts().ok.body.json.workouts.isEmpty)
            let settings = try await eve.client.getWorkoutSettings().ok.body.json
            #expect(status(try await eve.client.updateWorkoutSettings(body: .json(.init(paceBands: settings.paceBands, activeWorkoutId: workout.id)))) == 404)
            let reorder = try await eve.client.reorderWorkouts(body: .json(.init(workoutIds: [workout.id])))
            #expect(status(reorder) == 400)
            // Uploading with Ann's workout: 404, and no run is stored.
            let upload = try await eve.client.uploadRun(query: .init(workoutId: workout.id), body: .applicationGpxXml(HTTPBody(gpx)))
            #expect(status(upload) == 404)
            #expect(try await eve.client.listRuns().ok.body.json.runs.isEmpty)
            // Ann's workout is untouched.
            #expect(try await ann.client.getWorkout(path: path).ok.body.json.name == "6 × 400 m")
            #expect(try await server.raw(.GET, "/workouts").status == 401)
        }
    }
}

/// The status of an answer the spec calls `default` (an error), nil for any other.
private func status(_ output: Any) -> Int? {
    guard let child = Mirror(reflecting: output).children.first, child.label == "default" else { return nil }
    return Mirror(reflecting: child.value).children.first?.value as? Int
}
