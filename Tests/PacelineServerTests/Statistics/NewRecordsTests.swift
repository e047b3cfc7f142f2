import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// A run's new records: the distances over which it was its owner's fastest when it was
/// recorded, compared only with runs seen as widely as it is, so the mark shown to its
/// readers (on the activity, in the feed) tells them nothing of runs they may not see.
@Suite("New records")
struct NewRecordsTests {
    static let all = ["400 m", "1 km", "1 mile"]

    static func upload(_ user: TestUser, speed: Double, daysAgo: Double, privacy: Components.Schemas.Privacy) async throws -> Components.Schemas.Run {
        try await user.client.uploadRun(query: .init(privacy: privacy),
                                        body: .json(BestEffortsTests.steadyRun(metres: 2_000, speed: speed, daysAgo: daysAgo))).created.body.json
    }

    @Test("each run is compared with the earlier runs seen as widely; the feed shows the marks; a new privacy measures again; so does the migration",
          arguments: TestDatabase.available)
    func records(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            let first = try await Self.upload(ann, speed: 4, daysAgo: 4, privacy: .public)
            #expect(first.newRecords == Self.all, "the first run over each distance is a record")
            let secret = try await Self.upload(ann, speed: 5, daysAgo: 3, privacy: .private)
            #expect(secret.newRecords == Self.all)
            let shown = try await Self.upload(ann, speed: 4.5, daysAgo: 2, privacy: .public)
            #expect(shown.newRecords == Self.all, "compared with her public runs only: the faster private one must not show through")
            let slower = try await Self.upload(ann, speed: 4.5, daysAgo: 1, privacy: .private)
            #expect(slower.newRecords?.isEmpty == true, "a private run is compared with all of them")
            let again = try await Self.upload(ann, speed: 4.5, daysAgo: 0.5, privacy: .public)
            #expect(again.newRecords?.isEmpty == true, "an equal time is not a new record")

            // Her friend reads the marks in the feed and on the run; the private runs are not there at all.
            let feed = try await bo.client.getFeed().ok.body.json.items.compactMap(\.run)
            #expect(feed.first { $0.id == shown.id }?.newRecords == Self.all)
            #expect(!feed.contains { $0.id == secret.id || $0.id == slower.id })
            #expect(try await bo.client.getRun(path: .init(runId: shown.id)).ok.body.json.newRecords == Self.all)

            // Made private, it is compared with the private runs too: the faster one came first.
            // And the public run after it, which it outran, is now compared with the first
            // alone: its mark must not hint at a faster run its readers no longer see.
            let hidden = try await ann.client.updateRun(path: .init(runId: shown.id), body: .json(.init(privacy: .private))).ok.body.json
            #expect(hidden.newRecords?.isEmpty == true)
            #expect(try await bo.client.getRun(path: .init(runId: again.id)).ok.body.json.newRecords == Self.all)
            let renamed = try await ann.client.updateRun(path: .init(runId: first.id), body: .json(.init(name: "Renamed"))).ok.body.json
            #expect(renamed.newRecords == Self.all, "a new name measures nothing again")

            // The migration measures every stored run as the changes do.
            try await server.execute("UPDATE runs SET new_records = NULL")
            try await AddRunNewRecords.measure(on: server.app.db.sql)
            let measured = Dictionary(uniqueKeysWithValues: try await ann.client.listRuns().ok.body.json.runs.map { ($0.id, $0.newRecords ?? []) })
            #expect(measured == [first.id: Self.all, secret.id: Self.all, shown.id: [], slower.id: [], again.id: Self.all])

            // Deleted, the first public run leaves the next one its first.
            _ = try await ann.client.deleteRun(path: .init(runId: first.id)).noContent
            #expect(try await ann.client.getRun(path: .init(runId: again.id)).ok.body.json.newRecords == Self.all)
            // An older run imported now is measured with the others, and they after it.
            let oldest = try await Self.upload(ann, speed: 6, daysAgo: 10, privacy: .public)
            #expect(oldest.newRecords == Self.all)
            #expect(try await ann.client.getRun(path: .init(runId: again.id)).ok.body.json.newRecords?.isEmpty == true,
                    "the older, faster public run came before it")
            // A new sport takes that run out of the runs' records: the run after it is measured again.
            _ = try await ann.client.updateRun(path: .init(runId: oldest.id), body: .json(.init(sport: .ride))).ok
            #expect(try await ann.client.getRun(path: .init(runId: again.id)).ok.body.json.newRecords == Self.all)
        }
    }

    @Test("the tally compares only with what is seen as widely, and an equal time holds the record")
    func tally() {
        var tally = NewRecords.Tally()
        tally.add([BestEffort(distanceMeters: 1_000, seconds: 200)], privacy: .private)
        tally.add([BestEffort(distanceMeters: 1_000, seconds: 240)], privacy: .friends)
        let effort = [BestEffort(distanceMeters: 1_000, seconds: 220)]
        #expect(tally.records(effort, privacy: .public) == [1_000])
        #expect(tally.records(effort, privacy: .friends) == [1_000])
        #expect(tally.records(effort, privacy: .private).isEmpty)
        #expect(tally.records([BestEffort(distanceMeters: 1_000, seconds: 240)], privacy: .friends).isEmpty)
    }
}
