import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Kudos on activities: only on what the giver may see, never on one's own, one per person,
/// read by whoever may see the activity, gone with it.
@Suite("Kudos")
struct KudosTests {
    @Test("no kudos on what the giver may not see, none without an account, none on one's own", arguments: TestDatabase.available)
    func refusals(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            let secret = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=private").json?["id"] as? String)
            let friendsOnly = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=friends").json?["id"] as? String)
            // Another's private run, or a friends-only one to a stranger: as if it did not exist.
            #expect(try await server.raw(.PUT, "/runs/\(secret)/kudos", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/runs/\(secret)/kudos", token: bo.token).status == 404)
            #expect(try await server.raw(.PUT, "/runs/\(friendsOnly)/kudos", token: cy.token).status == 404)
            #expect(try await server.raw(.GET, "/runs/\(friendsOnly)/kudos").status == 404)
            #expect(try await server.raw(.PUT, "/runs/\(friendsOnly)/kudos").status == 401)
            #expect(try await server.raw(.PUT, "/runs/\(UUID())/kudos", token: bo.token).status == 404)
            let own = try await server.raw(.PUT, "/runs/\(friendsOnly)/kudos", token: ann.token)
            #expect(own.status == 422 && String(decoding: own.body, as: UTF8.self).contains("own_activity"))
            // Nothing was given by any of them.
            #expect(try await ann.client.getKudos(path: .init(runId: friendsOnly)).ok.body.json == .init(count: 0, given: false, givers: []))
        }
    }

    @Test("one per person, newest first, taken back, read by anyone who may see it, gone with the run", arguments: TestDatabase.available)
    func givenAndTakenBack(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let path = Operations.GiveKudos.Input.Path(runId: run)
            let first = try await bo.client.giveKudos(path: path).ok.body.json
            #expect(first.count == 1 && first.given && first.givers.map(\.displayName) == ["Bo"])
            #expect(try await bo.client.giveKudos(path: path).ok.body.json.count == 1)  // twice counts once
            try await Task.sleep(for: .milliseconds(20))
            let second = try await cy.client.giveKudos(path: path).ok.body.json
            #expect(second.count == 2 && second.givers.map(\.displayName) == ["Cy", "Bo"])
            // The owner and a reader without an account see them; neither gave one.
            let seen = try await ann.client.getKudos(path: .init(runId: run)).ok.body.json
            #expect(seen.count == 2 && !seen.given)
            let anonymous = try await server.raw(.GET, "/runs/\(run)/kudos")
            #expect(anonymous.status == 200 && String(decoding: anonymous.body, as: UTF8.self).contains("\"count\":2"))
            // Cy's account deleted, Cy's kudos go with it.
            let cyGone = try await server.raw(.DELETE, "/me", token: cy.token, headers: [("Content-Type", "application/json")],
                                             body: Data(#"{"password": "correct horse battery"}"#.utf8))
            #expect(cyGone.status == 204)
            #expect(try await ann.client.getKudos(path: .init(runId: run)).ok.body.json.givers.map(\.displayName) == ["Bo"])
            let back = try await bo.client.takeBackKudos(path: .init(runId: run)).ok.body.json
            #expect(back.count == 0 && !back.given && back.givers.isEmpty)
            #expect(try await bo.client.takeBackKudos(path: .init(runId: run)).ok.body.json.count == 0)
            // Made private, the run's kudos can't be given or read by others any more.
            _ = try await ann.client.updateRun(path: .init(runId: run), body: .json(.init(privacy: .private))).ok
            #expect(try await server.raw(.PUT, "/runs/\(run)/kudos", token: bo.token).status == 404)
            // Deleted, its kudos go with it.
            _ = try await ann.client.deleteRun(path: .init(runId: run)).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM kudos") == 0)
        }
    }
}
