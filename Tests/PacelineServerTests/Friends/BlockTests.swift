import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Blocking: the blocked user sees nothing of the blocker's while signed in, even what is
/// public; can't find, befriend, comment on, give kudos to or invite them; a friendship ends.
@Suite("Blocking")
struct BlockTests {
    @Test("a blocked user sees nothing of the blocker's, finds them not, and can't reach them", arguments: TestDatabase.available)
    func blockedSeesNothing(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Annabel")
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            let open = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let friendsOnly = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=friends").json?["id"] as? String)
            let boRun = try #require(try await server.upload("gpx/run.gpx", as: bo, query: "?privacy=public").json?["id"] as? String)
            _ = try await ann.client.addComment(path: .init(runId: boRun), body: .json(.init(text: "from Annabel"))).created
            #expect(try await server.raw(.GET, "/runs/\(friendsOnly)", token: bo.token).status == 200)
            #expect(try await server.raw(.PUT, "/users/\(bo.id)/block", token: ann.token).status == 204)
            #expect(try await server.raw(.PUT, "/users/\(bo.id)/block", token: ann.token).status == 204)  // again: harmless
            // The friendship ended; nothing of Ann's is Bo's to see, public or not.
            #expect(try await bo.client.listFriends().ok.body.json.friends.isEmpty)
            for path in ["/runs/\(open)", "/runs/\(friendsOnly)", "/runs/\(open)/track", "/runs/\(open)/kudos", "/runs/\(open)/comments"] {
                #expect(try await server.raw(.GET, path, token: bo.token).status == 404, "\(path)")
            }
            #expect(try await server.raw(.PUT, "/runs/\(open)/kudos", token: bo.token).status == 404)
            // Ann's comment on Bo's own activity is gone from Bo's view, not from others'.
            #expect(try await bo.client.listComments(path: .init(runId: boRun)).ok.body.json.comments.isEmpty)
            #expect(try await server.client().listComments(path: .init(runId: boRun)).ok.body.json.count == 1)
            // Bo can't find Ann, nor ask her to be friends again.
            #expect(try await bo.client.searchUsers(query: .init(search: "Annabel")).ok.body.json.users.isEmpty)
            let asked = try await server.raw(.POST, "/friends/requests", token: bo.token, headers: [("Content-Type", "application/json")],
                                             body: Data(#"{"userId": "\#(ann.id)"}"#.utf8))
            #expect(asked.status == 404)
            // Ann, who blocked, is told to unblock first; her own things are hers as ever.
            let annAsks = try await server.raw(.POST, "/friends/requests", token: ann.token, headers: [("Content-Type", "application/json")],
                                               body: Data(#"{"userId": "\#(bo.id)"}"#.utf8))
            #expect(annAsks.status == 409)
            #expect(try await server.raw(.GET, "/runs/\(friendsOnly)", token: ann.token).status == 200)
            // Anyone without an account still sees the public one: it is public.
            #expect(try await server.raw(.GET, "/runs/\(open)").status == 200)
            #expect(try await ann.client.listBlockedUsers().ok.body.json.users.map(\.displayName) == ["Bo"])
            // Unblocked, Bo sees what is public again; the friendship stays ended.
            #expect(try await server.raw(.DELETE, "/users/\(bo.id)/block", token: ann.token).status == 204)
            #expect(try await server.raw(.GET, "/runs/\(open)", token: bo.token).status == 200)
            #expect(try await server.raw(.GET, "/runs/\(friendsOnly)", token: bo.token).status == 404)
        }
    }

    @Test("blocking oneself is 400, an unknown user 404, without an account 401", arguments: TestDatabase.available)
    func refusals(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            #expect(try await server.raw(.PUT, "/users/\(ann.id)/block", token: ann.token).status == 400)
            #expect(try await server.raw(.PUT, "/users/\(UUID())/block", token: ann.token).status == 404)
            #expect(try await server.raw(.PUT, "/users/\(ann.id)/block").status == 401)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM blocks") == 0)
        }
    }

    @Test("lists of many runs leave out a blocker's: the feed, a route's leaderboard (the rule in SQL)", arguments: TestDatabase.available)
    func listsLeaveOut(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann", sharing: .public)
            let bo = try await server.newUser("Bo", sharing: .public)
            let creator = try await server.newUser("Creator", sharing: .public)
            try await server.befriend(ann, bo)
            let creatorRun = try #require(try await server.upload("gpx/run.gpx", as: creator).json?["id"] as? String)
            let route = try await creator.client.createRoute(body: .json(.init(runId: creatorRun))).created.body.json
            let annRun = try await ann.client.uploadRun(
                query: .init(privacy: .public),
                body: .json(.init(fixes: try RouteTests.follower(of: "gpx/run.gpx", startingAfter: 86_400, slower: 1.1, seed: 11)))
            ).created.body.json
            _ = try await ann.client.addRouteRun(path: .init(routeId: route.id), body: .json(.init(runId: annRun.id))).created
            let before = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json
            #expect(before.entries.contains { $0.runner.id == ann.id })
            #expect(try await bo.client.getFeed().ok.body.json.items.contains { $0.run?.id == annRun.id })
            _ = try await ann.client.blockUser(path: .init(userId: bo.id)).noContent
            let after = try await bo.client.getLeaderboard(path: .init(routeId: route.id)).ok.body.json
            #expect(!after.entries.contains { $0.runner.id == ann.id } && !after.entries.isEmpty)
            #expect(try await bo.client.getFeed().ok.body.json.items.allSatisfy { $0.run?.id != annRun.id })
            #expect(try await server.raw(.GET, "/users/\(ann.id)/achievements", token: bo.token).status == 404)
            #expect(try await server.raw(.GET, "/users/\(ann.id)/achievements", token: creator.token).status == 200)
        }
    }
}
