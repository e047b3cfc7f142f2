import Foundation
import PacelineAPI
import PacelineCore
import PacelineTestSupport
import SQLKit
import Testing

/// An upload is stored whole or not at all: the run, its workout log entry, its mission
/// advance and its badges.
@Suite("Upload atomicity")
struct UploadAtomicityTests {
    @Test("when storing its badges fails, an upload leaves nothing; its retry stores it all, once", arguments: TestDatabase.available)
    func wholeOrNothing(database: TestDatabase) async throws {
        try await withServer(database) { server in
            _ = try await server.importExampleMission("scotland-canals")
            let ann = try await server.newUser("Ann")
            _ = try await ann.client.joinMission(path: .init(missionId: "scotland-canals"), body: .json(.init(
                start: .init(route: 0, stage: 0), end: .init(route: 0, stage: 7)))).created
            let workout = try await ann.client.createWorkout(body: .json(.init(name: "1 km", steps: [.init(meters: 1_000, target: .steady)])))
                .created.body.json
            let glasgow = Coordinate(latitude: 55.87, longitude: -4.26)
            let fixes = MissionFiles.northward(from: glasgow, metres: 1_500, start: Date().addingTimeInterval(60), speed: 3)
            let query = Operations.UploadRun.Input.Query(workoutId: workout.id)
            let headers = Operations.UploadRun.Input.Headers(idempotencyKey: "morning-run")

            // The last step of an upload, storing badges, fails: the table is gone.
            let sql = try #require(server.app.db as? any SQLDatabase)
            try await sql.raw("ALTER TABLE earned_badges RENAME TO earned_badges_away").run()
            let failed = try await ann.client.uploadRun(query: query, headers: headers, body: .json(fixes))
            guard case .default(let status, _) = failed else { Issue.record("the upload should have failed: \(failed)"); return }
            #expect(status == 500)
            #expect(try await ann.client.listRuns().ok.body.json.runs.isEmpty, "no run")
            #expect(try await ann.client.listWorkoutLog().ok.body.json.entries.isEmpty, "no workout log entry")
            #expect(try await ann.client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json.distanceMeters == 0,
                    "the journey has not moved")

            // Mended, the client's retry with the same key stores everything, once.
            try await sql.raw("ALTER TABLE earned_badges_away RENAME TO earned_badges").run()
            let run = try await ann.client.uploadRun(query: query, headers: headers, body: .json(fixes)).created.body.json
            let again = try await ann.client.uploadRun(query: query, headers: headers, body: .json(fixes)).ok.body.json
            #expect(again.id == run.id)
            #expect(try await ann.client.listRuns().ok.body.json.runs.map(\.id) == [run.id])
            #expect(try await ann.client.listWorkoutLog().ok.body.json.entries.map(\.runId) == [run.id])
            let journey = try await ann.client.getJourney(path: .init(missionId: "scotland-canals")).ok.body.json
            #expect(abs(journey.distanceMeters - 1_500) < 1)
            let badges = try await ann.client.getRunBadges(path: .init(runId: run.id)).ok.body.json.badges
            #expect(badges.map(\.id).contains("records-1"), "its first 1 km record")
        }
    }
}
