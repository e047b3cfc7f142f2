import Fluent
import Foundation
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// An import's runs (`POST /runs?batch=true`) leave what reads the whole history for once
/// the import pauses (`HistoryCatchUp`), and then agree with runs uploaded one by one
/// (issue 36: an import of 2,000 activities in linear time).
@Suite("Imports bring records and badges up to date once they pause")
struct BatchImportTests {
    /// A run due north of Glasgow at `speed` m/s for `seconds`, a fix a second, ending
    /// `endingAgo` seconds ago.
    static func run(speed: Double, seconds: Int, endingAgo: TimeInterval) -> Components.Schemas.FixUpload {
        let start = Date().addingTimeInterval(-endingAgo - Double(seconds))
        let fixes = (0...seconds).map { second in
            Components.Schemas.FixInput(time: start.addingTimeInterval(Double(second)),
                                        latitude: 55.87 + speed * Double(second) / 111_195, longitude: -4.26)
        }
        return .init(sport: .run, fixes: fixes)
    }

    /// Newest first, as an export lists them: each older run then comes before runs already
    /// stored, and the faster middle one sets records the others don't.
    static let history = [run(speed: 3, seconds: 1_800, endingAgo: 86_400),
                          run(speed: 3.5, seconds: 1_500, endingAgo: 3 * 86_400),
                          run(speed: 2.8, seconds: 2_400, endingAgo: 5 * 86_400)]

    @Test("an import's records and badges are left until it pauses, then are those of runs uploaded one by one",
          arguments: TestDatabase.available)
    func caughtUp(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bob = try await server.newUser("Bob")
            var annsRuns: [String] = [], bobsRuns: [String] = []
            for run in Self.history {
                annsRuns.append(try await ann.client.uploadRun(query: .init(batch: true), body: .json(run)).created.body.json.id)
                bobsRuns.append(try await bob.client.uploadRun(body: .json(run)).created.body.json.id)
            }
            // Left for later: no run names a record yet, and no badge is stored.
            let annID = UUID(uuidString: ann.id)!
            for id in annsRuns { #expect(try await ann.client.getRun(path: .init(runId: id)).ok.body.json.newRecords == []) }
            #expect(try await EarnedBadge.query(on: server.app.db).filter(\.$user.$id == annID).count() == 0)

            // The import goes on (a file a second ago): nothing yet.
            try await HistoryCatchUp.catchUp(on: server.app.db, quietPeriod: 10)
            #expect(try await ann.client.getRun(path: .init(runId: annsRuns[1])).ok.body.json.newRecords == [])

            try await HistoryCatchUp.catchUp(on: server.app.db, quietPeriod: 0)
            #expect(try await EarnedBadge.query(on: server.app.db).filter(\.$user.$id == annID).count() > 0)
            for (annsRun, bobsRun) in zip(annsRuns, bobsRuns) {
                let annsRecords = try await ann.client.getRun(path: .init(runId: annsRun)).ok.body.json.newRecords
                #expect(annsRecords == (try await bob.client.getRun(path: .init(runId: bobsRun)).ok.body.json.newRecords))
            }
            #expect(!(try await ann.client.getRun(path: .init(runId: annsRuns[1])).ok.body.json.newRecords ?? []).isEmpty)
            let annsRecords = try await ann.client.getRecords().ok.body.json.records
            let bobsRecords = try await bob.client.getRecords().ok.body.json.records
            #expect(!annsRecords.isEmpty && annsRecords.map(\.name) == bobsRecords.map(\.name)
                && annsRecords.map(\.elapsedSeconds) == bobsRecords.map(\.elapsedSeconds))
            let annsBadges = try await ann.client.getMyAchievements().ok.body.json
            let bobsBadges = try await bob.client.getMyAchievements().ok.body.json
            // Which badges, and the points; not their dates: Bob's uploads, newest first,
            // dated each badge by the first run that reached it, where the import's are dated
            // by the oldest, as they were earned.
            #expect(annsBadges.points.total == bobsBadges.points.total && annsBadges.points.total > 0)
            #expect(annsBadges.badges.map { $0.earnedAt != nil } == bobsBadges.badges.map { $0.earnedAt != nil })

            // Done: a second look finds nothing left.
            #expect(try await HistoryCatchUp.waiting(on: server.app.db) == 0)
        }
    }
}
