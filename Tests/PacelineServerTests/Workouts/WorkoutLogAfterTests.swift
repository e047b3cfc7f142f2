import Fluent
import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

@Suite("Workout log, afterwards")
struct WorkoutLogAfterTests {
    static let plan = Components.Schemas.WorkoutInput(name: "2 × 200 m", steps: [
        .init(_repeat: 2, intervals: [.init(meters: 200, target: .fast), .init(seconds: 60, target: .rest)]),
    ])
    /// 200 m fast, a minute's walk, 200 m too slow, a walk: the workout of `plan`, run.
    static let gpx = Data(GPXWriter.write(PhasedRun(phases: [.move(seconds: 50, speed: 4), .move(seconds: 60, speed: 1.5),
                                                             .move(seconds: 100, speed: 2.2), .move(seconds: 70, speed: 1.5)]).activity).utf8)

    @Test("a run logged afterwards gets the entry an upload with the workout would have made", arguments: TestDatabase.available)
    func sameAsAtUpload(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let cy = try await server.newUser("Cy")
            let workout = try await cy.client.createWorkout(body: .json(Self.plan)).created.body.json
            var bands = try await cy.client.getWorkoutSettings().ok.body.json.paceBands
            bands.fast = .init(fastest: 200, slowest: 260)
            _ = try await cy.client.updateWorkoutSettings(body: .json(.init(paceBands: bands))).ok

            // The same track twice: once with the workout chosen at upload, once without.
            let atUpload = try await cy.client.uploadRun(query: .init(workoutId: workout.id), body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json
            let plain = try await cy.client.uploadRun(body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json
            #expect(try await cy.client.listWorkoutLog(query: .init(runId: plain.id)).ok.body.json.entries.isEmpty)

            let later = try await cy.client.addToWorkoutLog(body: .json(.init(runId: plain.id, workoutId: workout.id))).created.body.json
            let uploaded = try #require(try await cy.client.listWorkoutLog(query: .init(runId: atUpload.id)).ok.body.json.entries.first)
            #expect(later.runId == plain.id && uploaded.runId == atUpload.id)
            #expect(later.workoutId == uploaded.workoutId && later.workoutName == uploaded.workoutName)
            #expect(later.startTime == uploaded.startTime)
            #expect(later.plan == uploaded.plan && later.paceBands == uploaded.paceBands && later.paceBands.fast.fastest == 200)
            #expect(later.summary == uploaded.summary)
            #expect(later.summary.intervals.count == 4 && later.summary.completed)

            // Listed, readable, and found by its run.
            #expect(try await cy.client.getWorkoutLogEntry(path: .init(entryId: later.id)).ok.body.json == later)
            #expect(try await cy.client.listWorkoutLog(query: .init(runId: plain.id)).ok.body.json.entries == [later])
            #expect(Set(try await cy.client.listWorkoutLog().ok.body.json.entries.map(\.id)) == [later.id, uploaded.id])
        }
    }

    @Test("a run is logged once: 409 until its entry is removed, then it can go in with another workout", arguments: TestDatabase.available)
    func onceOnly(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let di = try await server.newUser("Di")
            let workout = try await di.client.createWorkout(body: .json(Self.plan)).created.body.json
            let other = try await di.client.createWorkout(body: .json(.init(name: "Easy", steps: [.init(seconds: 600, target: .easy)]))).created.body.json
            let atUpload = try await di.client.uploadRun(query: .init(workoutId: workout.id), body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json
            let plain = try await di.client.uploadRun(body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json
            let entry = try await di.client.addToWorkoutLog(body: .json(.init(runId: plain.id, workoutId: workout.id))).created.body.json

            for runID in [plain.id, atUpload.id] {
                let again = try await log(runID, other.id, as: di, on: server)
                #expect(again.status == 409 && again.errorCode == "conflict")
                #expect(message(again).contains("already in your workout log (as 2 × 200 m)"), "\(message(again))")
            }

            // Logged to the wrong workout: remove it, log it with the right one.
            _ = try await di.client.deleteWorkoutLogEntry(path: .init(entryId: entry.id)).noContent
            #expect(status(try await di.client.getWorkoutLogEntry(path: .init(entryId: entry.id))) == 404)
            #expect(status(try await di.client.deleteWorkoutLogEntry(path: .init(entryId: entry.id))) == 404)
            #expect(try await di.client.getRun(path: .init(runId: plain.id)).ok.body.json.id == plain.id)
            let relogged = try await di.client.addToWorkoutLog(body: .json(.init(runId: plain.id, workoutId: other.id))).created.body.json
            #expect(relogged.workoutName == "Easy" && relogged.id != entry.id)
            #expect(try await di.client.listWorkoutLog().ok.body.json.entries.count == 2)

            // Deleting the run takes its entry out of the log.
            _ = try await di.client.deleteRun(path: .init(runId: plain.id)).noContent
            #expect(try await di.client.listWorkoutLog().ok.body.json.entries.map(\.runId) == [atUpload.id])
            #expect(status(try await di.client.getWorkoutLogEntry(path: .init(entryId: relogged.id))) == 404)
        }
    }

    @Test("another user's run, workout or entry is 404, never revealed", arguments: TestDatabase.available)
    func privacy(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), eve = try await server.newUser("Eve")
            let annWorkout = try await ann.client.createWorkout(body: .json(Self.plan)).created.body.json
            let eveWorkout = try await eve.client.createWorkout(body: .json(Self.plan)).created.body.json
            // Ann's run is public: Eve may see it, but not log it.
            let annRun = try await ann.client.uploadRun(query: .init(privacy: .public), body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json
            let eveRun = try await eve.client.uploadRun(body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json

            let theirRun = try await log(annRun.id, eveWorkout.id, as: eve, on: server)
            #expect(theirRun.status == 404 && message(theirRun) == "no such run")
            let theirWorkout = try await log(eveRun.id, annWorkout.id, as: eve, on: server)
            #expect(theirWorkout.status == 404 && message(theirWorkout) == "no such workout")
            let made = try await log(UUID().uuidString, eveWorkout.id, as: eve, on: server)
            #expect(made.status == 404 && message(made) == "no such run")
            #expect(try await eve.client.listWorkoutLog().ok.body.json.entries.isEmpty)

            // Ann's entry: Eve can neither find it by the run, nor delete it.
            let entry = try await ann.client.addToWorkoutLog(body: .json(.init(runId: annRun.id, workoutId: annWorkout.id))).created.body.json
            #expect(try await eve.client.listWorkoutLog(query: .init(runId: annRun.id)).ok.body.json.entries.isEmpty)
            #expect(status(try await eve.client.deleteWorkoutLogEntry(path: .init(entryId: entry.id))) == 404)
            #expect(try await ann.client.getWorkoutLogEntry(path: .init(entryId: entry.id)).ok.body.json == entry)

            #expect(try await server.raw(.POST, "/workout-log", headers: [("Content-Type", "application/json")],
                                         body: Data(#"{"runId":"\#(annRun.id)","workoutId":"\#(annWorkout.id)"}"#.utf8)).status == 401)
            #expect(try await server.raw(.DELETE, "/workout-log/\(entry.id)").status == 401)
            let badFilter = try await server.raw(.GET, "/workout-log?runId=yesterday", token: ann.token)
            #expect(badFilter.status == 400 && badFilter.errorCode == "bad_request")
        }
    }

    @Test("a run without a GPS track is 422, and logs nothing", arguments: TestDatabase.available)
    func noTrack(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let bo = try await server.newUser("Bo")
            let workout = try await bo.client.createWorkout(body: .json(Self.plan)).created.body.json
            let uploaded = try await bo.client.uploadRun(body: .applicationGpxXml(HTTPBody(Self.gpx))).created.body.json
            // Uploads always have a track; a run stored without one (an empty track) must
            // still be answered as the client's mistake, not a 500.
            let run = try #require(try await Run.find(UUID(uuidString: uploaded.id), on: server.app.db))
            run.track = Data()
            try await run.save(on: server.app.db)
            let answer = try await log(uploaded.id, workout.id, as: bo, on: server)
            #expect(answer.status == 422 && answer.errorCode == "no_gps_track", "\(answer.status) \(message(answer))")
            #expect(try await bo.client.listWorkoutLog().ok.body.json.entries.isEmpty)
        }
    }

    /// `POST /workout-log` by hand, to read the error's status, code and message.
    private func log(_ runID: String, _ workoutID: String, as user: TestUser, on server: TestServer) async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/workout-log", token: user.token, headers: [("Content-Type", "application/json")],
                             body: Data(#"{"runId":"\#(runID)","workoutId":"\#(workoutID)"}"#.utf8))
    }

    private func message(_ response: TestServer.RawResponse) -> String {
        ((response.json?["error"] as? [String: Any])?["message"] as? String) ?? ""
    }
}

/// The status of an answer the spec calls `default` (an error), nil for any other.
private func status(_ output: Any) -> Int? {
    guard let child = Mirror(reflecting: output).children.first, child.label == "default" else { return nil }
    return Mirror(reflecting: child.value).children.first?.value as? Int
}
