import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore
import PacelineTestSupport
import Testing

/// The account's own data: its email, all of it out as one archive, and the account gone.
@Suite("Account data")
struct AccountDataTests {
    static let json = [("Content-Type", "application/json")]
    static let password = "correct horse battery"

    @Test("changing the email needs the password; a taken one is 409; the new one logs in", arguments: TestDatabase.available)
    func changeEmail(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let wrong = try await server.raw(.POST, "/me/email", token: ann.token, headers: Self.json,
                                             body: Data(#"{"email": "ann@example.net", "password": "not the password"}"#.utf8))
            #expect(wrong.status == 403 && wrong.errorCode == "wrong_password")
            let taken = try await server.raw(.POST, "/me/email", token: ann.token, headers: Self.json,
                                             body: Data(#"{"email": "\#(bo.profile.email)", "password": "\#(Self.password)"}"#.utf8))
            #expect(taken.status == 409)
            let bad = try await server.raw(.POST, "/me/email", token: ann.token, headers: Self.json,
                                           body: Data(#"{"email": "not an email", "password": "\#(Self.password)"}"#.utf8))
            #expect(bad.status == 400)
            #expect(try await ann.client.getProfile().ok.body.json.email == ann.profile.email, "nothing changed")
            let fresh = "Ann.New-\(UUID().uuidString.prefix(6))@Example.net"
            let changed = try await ann.client.changeEmail(body: .json(.init(email: fresh, password: Self.password))).ok.body.json
            #expect(changed.email == fresh.lowercased())
            _ = try await server.client().logIn(body: .json(.init(email: fresh, password: Self.password))).ok
            let old = try await server.raw(.POST, "/auth/login", headers: Self.json,
                                           body: Data(#"{"email": "\#(ann.profile.email)", "password": "\#(Self.password)"}"#.utf8))
            #expect(old.status == 401)
        }
    }

    @Test("the export holds every activity as a file and the JSON of runs, routes, workouts, achievements and friends",
          arguments: TestDatabase.available)
    func export(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            let fit = try #require(try await server.upload("fit/garmin-fenix-5-run.fit", as: ann).json?["id"] as? String)
            let gpx = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            _ = try await ann.client.createRoute(body: .json(.init(runId: gpx, name: "Park loop"))).created
            _ = try await ann.client.putPrivacyZones(body: .json(.init(zones: [.init(latitude: 10, longitude: 10, radiusMeters: 500)]))).ok

            let response = try await server.raw(.GET, "/me/export", token: ann.token)
            #expect(response.status == 200)
            #expect(response.headers.first { $0.0.lowercased() == "content-type" }?.1 == "application/zip")
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).zip")
            try response.body.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = try ZipArchive(contentsOf: url)
            func json(_ name: String) throws -> Any {
                let entry = try #require(archive.entries.first { $0.path == name }, "\(name)")
                return try JSONSerialization.jsonObject(with: try archive.data(of: entry, maximumBytes: 1 << 24))
            }
            let files = archive.entries.filter { $0.path.hasPrefix("activities/") }
            #expect(files.count == 2 && files.contains { $0.path.hasSuffix(".fit") } && files.contains { $0.path.hasSuffix(".gpx") })
            let runs = try #require(try json("runs.json") as? [[String: Any]])
            #expect(Set(runs.compactMap { $0["id"] as? String }) == [fit, gpx])
            // The FIT comes back with the watch's distance and heart rate.
            let fitEntry = try #require(files.first { $0.path.hasSuffix(".fit") })
            let activity = try ActivityReader.read(try archive.data(of: fitEntry, maximumBytes: 1 << 24), format: .fit)
            let stored = try await ann.client.getRun(path: .init(runId: fit)).ok.body.json
            #expect(abs(ActivitySummary(activity).distanceMeters - stored.distanceMeters) < stored.distanceMeters * 0.01)
            #expect(activity.track.fixes.compactMap(\.heartRate).max() == stored.heartRate?.maximum)
            let routes = try #require(try json("routes.json") as? [[String: Any]])
            #expect(routes.map { $0["name"] as? String } == ["Park loop"])
            let friends = try #require((try json("friends.json") as? [String: Any])?["friends"] as? [[String: Any]])
            #expect(friends.compactMap { ($0["user"] as? [String: Any])?["displayName"] as? String } == ["Bo"])
            #expect((try json("profile.json") as? [String: Any])?["email"] as? String == ann.profile.email)
            #expect(((try json("privacy-zones.json") as? [String: Any])?["zones"] as? [Any])?.count == 1)
            #expect((try json("achievements.json") as? [String: Any])?["badges"] != nil)
            let workouts = try json("workouts.json"), log = try json("workout-log.json")
            #expect(workouts is [String: Any] && log is [Any])
            // Only one's own.
            #expect(try await server.raw(.GET, "/me/export").status == 401)
        }
    }

    @Test("the export lists every friend, not the first page the API answers by default", arguments: TestDatabase.available)
    func exportHoldsEveryFriend(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            var names: Set<String> = []
            for index in 1...21 {  // the API answers 20 at a time unless asked for more
                let friend = try await server.newUser("Friend\(index)")
                try await server.befriend(ann, friend)
                names.insert("Friend\(index)")
            }
            let response = try await server.raw(.GET, "/me/export", token: ann.token)
            #expect(response.status == 200)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).zip")
            try response.body.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = try ZipArchive(contentsOf: url)
            let entry = try #require(archive.entries.first { $0.path == "friends.json" })
            let page = try JSONSerialization.jsonObject(with: try archive.data(of: entry, maximumBytes: 1 << 24)) as? [String: Any]
            let friends = try #require(page?["friends"] as? [[String: Any]])
            #expect(Set(friends.compactMap { ($0["user"] as? [String: Any])?["displayName"] as? String }) == names)
            #expect(page?["nextCursor"] == nil)
        }
    }

    @Test("deleting the account needs the password; then it, its runs, sessions and places in others' lists are gone; its route passes on",
          arguments: TestDatabase.available)
    func delete(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            try await server.befriend(ann, bo)
            let annRun = try #require(try await server.upload("gpx/run.gpx", as: ann).json?["id"] as? String)
            let route = try await ann.client.createRoute(body: .json(.init(runId: annRun))).created.body.json
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo).json?["id"] as? String)
            _ = try await bo.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: boRun))).created
            let second = try await server.client().logIn(body: .json(.init(email: ann.profile.email, password: Self.password))).ok.body.json

            let wrong = try await server.raw(.DELETE, "/me", token: ann.token, headers: Self.json, body: Data(#"{"password": "nope nope nope"}"#.utf8))
            #expect(wrong.status == 403 && wrong.errorCode == "wrong_password")
            #expect(try await ann.client.getProfile().ok.body.json.id == ann.id, "nothing changed")

            let gone = try await server.raw(.DELETE, "/me", token: ann.token, headers: Self.json, body: Data(#"{"password": "\#(Self.password)"}"#.utf8))
            #expect(gone.status == 204)
            #expect(try await server.raw(.GET, "/me", token: ann.token).status == 401)
            #expect(try await server.raw(.GET, "/me", token: try #require(second.token)).status == 401, "every session ends")
            let login = try await server.raw(.POST, "/auth/login", headers: Self.json,
                                             body: Data(#"{"email": "\#(ann.profile.email)", "password": "\#(Self.password)"}"#.utf8))
            #expect(login.status == 401)
            #expect(try await server.raw(.GET, "/runs/\(annRun)", token: bo.token).status == 404)
            #expect(try await bo.client.listFriends().ok.body.json.friends.isEmpty)
            let kept = try await bo.client.getRoute(path: .init(routeId: route.id)).ok.body.json.route
            #expect(kept.creator.id == bo.id && kept.runId == boRun)
            #expect(try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json.entries.map(\.runId) == [boRun])
            // The email is free again.
            _ = try await server.client().register(body: .json(.init(email: ann.profile.email, password: Self.password, displayName: "Ann again"))).created
        }
    }
}
