import Fluent
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Shoes and bikes: a default per sport that new activities name, distances that add up
/// the activities as shown, a reminder past the retire distance, and gear nobody else
/// sees, names or changes.
@Suite("Gear")
struct GearTests {
    static let json = [("Content-Type", "application/json")]

    static func shoes(_ name: String, isDefault: Bool = true, start: Double? = nil, retire: Double? = nil) -> Components.Schemas.GearCreation {
        .init(name: name, kind: .shoes, sport: .run, startDistanceMeters: start, retireDistanceMeters: retire, isDefault: isDefault)
    }

    @Test("new runs name the sport's default; distances add up; past the retire distance it is due; retired it is not",
          arguments: TestDatabase.available)
    func mileage(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bike = try await ann.client.createGear(body: .json(.init(name: "Gravel bike", kind: .bike, sport: .ride, isDefault: true))).created.body.json
            let pegasus = try await ann.client.createGear(body: .json(Self.shoes("  Pegasus 40 ", start: 120_000, retire: 121_000))).created.body.json
            #expect(pegasus.name == "Pegasus 40" && pegasus.isDefault && pegasus.distanceMeters == 120_000 && !pegasus.dueForRetirement)

            let first = try #require(try await server.upload("gpx/run.gpx", as: ann).json)
            let firstID = try #require(first["id"] as? String)
            let distance = try #require(first["distanceMeters"] as? Double)
            #expect(first["gearId"] as? String == pegasus.id, "a run names the default shoes, not the bike")
            #expect(try await ann.client.getRun(path: .init(runId: firstID)).ok.body.json.gearId == pegasus.id)

            // A second default for runs takes the place of the first.
            let vaporfly = try await ann.client.createGear(body: .json(Self.shoes("Vaporfly"))).created.body.json
            let second = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=private").json)
            #expect(second["gearId"] as? String == vaporfly.id)

            var list = try await ann.client.listGear().ok.body.json.gear
            #expect(list.map(\.name) == ["Gravel bike", "Pegasus 40", "Vaporfly"])
            let worn = try #require(list.first { $0.id == pegasus.id })
            #expect(!worn.isDefault && worn.activityCount == 1 && abs(worn.distanceMeters - (120_000 + distance)) < 0.001)
            #expect(worn.dueForRetirement == (120_000 + distance >= 121_000))
            #expect(list.first { $0.id == bike.id }?.isDefault == true, "the bike stays the default for rides")

            // The runner moves a run to other gear, or to none.
            let moved = try await ann.client.updateRun(path: .init(runId: firstID), body: .json(.init(gearId: vaporfly.id))).ok.body.json
            #expect(moved.gearId == vaporfly.id)
            list = try await ann.client.listGear().ok.body.json.gear
            #expect(list.first { $0.id == vaporfly.id }?.activityCount == 2 && list.first { $0.id == pegasus.id }?.activityCount == 0)
            #expect(try await ann.client.updateRun(path: .init(runId: firstID), body: .json(.init(gearId: ""))).ok.body.json.gearId == nil)

            // Retired: not due, not a default, listed last.
            let retired = try await ann.client.updateGear(path: .init(gearId: vaporfly.id), body: .json(.init(retired: true))).ok.body.json
            #expect(retired.retired && !retired.isDefault && !retired.dueForRetirement)
            #expect(try await ann.client.listGear().ok.body.json.gear.last?.id == vaporfly.id)
            let noDefault = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=private").json)
            #expect(noDefault["gearId"] == nil, "no active default for runs: a new run names none")
            let bringBack = try await server.raw(.PATCH, "/me/gear/\(vaporfly.id)", token: ann.token, headers: Self.json,
                                                 body: Data(#"{"isDefault": true}"#.utf8))
            #expect(bringBack.status == 400, "retired gear can't be a default")

            // A deleted run no longer counts; deleted gear leaves its runs naming none.
            let secondID = try #require(second["id"] as? String)
            _ = try await ann.client.deleteRun(path: .init(runId: secondID)).noContent
            #expect(try await ann.client.listGear().ok.body.json.gear.first { $0.id == vaporfly.id }?.activityCount == 0)
            _ = try await ann.client.updateRun(path: .init(runId: firstID), body: .json(.init(gearId: pegasus.id))).ok
            _ = try await ann.client.deleteGear(path: .init(gearId: pegasus.id)).noContent
            #expect(try await ann.client.getRun(path: .init(runId: firstID)).ok.body.json.gearId == nil)
            #expect(try await ann.client.listGear().ok.body.json.gear.count == 2)
        }
    }

    @Test("someone else's gear is not found: not listed, not changed, not deleted, not named on a run; a run's gear shows to its owner only",
          arguments: TestDatabase.available)
    func othersGear(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let mallory = try await server.newUser("Mallory", sharing: .public)
            let shoes = try await ann.client.createGear(body: .json(Self.shoes("Ann's shoes"))).created.body.json
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let malloryRun = try #require(try await server.upload("gpx/run.gpx", as: mallory).json?["id"] as? String)

            #expect(try await mallory.client.listGear().ok.body.json.gear.isEmpty)
            let patch = try await server.raw(.PATCH, "/me/gear/\(shoes.id)", token: mallory.token, headers: Self.json,
                                             body: Data(#"{"name": "mine now", "retired": true}"#.utf8))
            #expect(patch.status == 404)
            #expect(try await server.raw(.DELETE, "/me/gear/\(shoes.id)", token: mallory.token).status == 404)
            let borrow = try await server.raw(.PATCH, "/runs/\(malloryRun)", token: mallory.token, headers: Self.json,
                                              body: Data(#"{"gearId": "\#(shoes.id)"}"#.utf8))
            #expect(borrow.status == 404, "a run can't name someone else's gear")
            #expect(try await server.raw(.GET, "/me/gear", token: nil).status == 401)
            let unchanged = try #require(try await ann.client.listGear().ok.body.json.gear.first)
            #expect(unchanged.name == "Ann's shoes" && !unchanged.retired && unchanged.activityCount == 1)

            // Her public run: everything but her gear.
            for viewer in [mallory.token, nil] as [String?] {
                let run = try #require(try await server.raw(.GET, "/runs/\(annRun)", token: viewer).json)
                #expect(run["id"] as? String == annRun && run["gearId"] == nil)
            }
            try await server.befriend(ann, mallory)
            let feed = try await mallory.client.getFeed().ok.body.json.items
            #expect(feed.contains { $0.run?.id == annRun } && feed.allSatisfy { $0.run?.id != annRun || $0.run?.gearId == nil })
        }
    }

    @Test("bad gear is 400 naming the member and adds nothing; at most 100 pieces, however many are asked for at once; one default per sport",
          arguments: TestDatabase.available)
    func limits(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bad: [(String, String)] = [
                (#"{"name": "   ", "kind": "shoes", "sport": "run"}"#, "name"),
                (#"{"name": "x", "kind": "shoes", "sport": "run", "startDistanceMeters": -1}"#, "startDistanceMeters"),
                (#"{"name": "x", "kind": "shoes", "sport": "run", "retireDistanceMeters": 1e300}"#, "retireDistanceMeters"),
                (#"{"name": "x", "kind": "shoes", "sport": "run", "retireDistanceMeters": 0}"#, "retireDistanceMeters"),
                (#"{"name": "x", "kind": "sandals", "sport": "run"}"#, "kind"),
                (#"{"name": "\#(String(repeating: "a", count: 201))", "kind": "shoes", "sport": "run"}"#, "name"),
            ]
            for (body, member) in bad {
                let response = try await server.raw(.POST, "/me/gear", token: ann.token, headers: Self.json, body: Data(body.utf8))
                #expect(response.status == 400, "\(body)")
                #expect(String(decoding: response.body, as: UTF8.self).contains(member), "\(body)")
            }
            #expect(try await ann.client.listGear().ok.body.json.gear.isEmpty)

            for number in 1...95 {
                _ = try await ann.client.createGear(body: .json(Self.shoes("Pair \(number)", isDefault: false))).created
            }
            // Ten at once for the last five places, each also asking to be the default.
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for number in 96...105 {
                    group.addTask {
                        try await server.raw(.POST, "/me/gear", token: ann.token, headers: Self.json,
                                             body: Data(#"{"name": "Pair \#(number)", "kind": "shoes", "sport": "run", "isDefault": true}"#.utf8)).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 5 && statuses.filter { $0 == 409 }.count == 5, "\(statuses.sorted())")
            let gear = try await ann.client.listGear().ok.body.json.gear
            #expect(gear.count == 100 && gear.filter(\.isDefault).count == 1)
            #expect(try await Gear.query(on: server.app.db).filter(\.$isDefault == true).count() == 1)
        }
    }

    @Test("an account's gear goes with it, and comes with its export", arguments: TestDatabase.available)
    func account(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            _ = try await ann.client.createGear(body: .json(Self.shoes("Ann's shoes"))).created
            _ = try await bo.client.createGear(body: .json(Self.shoes("Bo's shoes"))).created
            _ = try await server.upload("gpx/run.gpx", as: ann)
            let export = try await server.raw(.GET, "/me/export", token: ann.token)
            #expect(export.status == 200)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).zip")
            try export.body.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = try ZipArchive(contentsOf: url)
            let entry = try #require(archive.entries.first { $0.path == "gear.json" })
            let listed = try JSONSerialization.jsonObject(with: try archive.data(of: entry, maximumBytes: 1 << 20)) as? [String: Any]
            #expect((listed?["gear"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Ann's shoes"])
            let gone = try await server.raw(.DELETE, "/me", token: ann.token, headers: Self.json,
                                            body: Data(#"{"password": "correct horse battery"}"#.utf8))
            #expect(gone.status == 204)
            #expect(try await Gear.query(on: server.app.db).all().map(\.name) == ["Bo's shoes"])
        }
    }
}
