import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// "friends" privacy: a run or route is visible to its owner and the owner's friends, to
/// nobody else, everywhere it can be read (runs, routes, leaderboards, runner counts,
/// comparisons, paces, favourites); private stays the owner's alone; browsing stays public.
@Suite("Friends-only privacy")
struct FriendPrivacyTests {
    @Test("friends see friends-only runs and routes; strangers, anonymous and former friends get 404; private stays private", arguments: TestDatabase.available)
    func friendsOnly(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let owner = try await server.newUser("Owner", sharing: .public)
            let friend = try await server.newUser("Friend", sharing: .public)
            let stranger = try await server.newUser("Stranger", sharing: .public)
            let creator = try await server.newUser("Creator", sharing: .public)
            try await server.befriend(owner, friend)
            try await server.befriend(stranger, friend)  // a friend of a friend is still a stranger

            let friendsRun = try #require(try await server.upload("gpx/run.gpx", as: owner, query: "?privacy=friends").json?["id"] as? String)
            let privateRun = try #require(try await server.upload("gpx/run.gpx", as: owner, query: "?privacy=private").json?["id"] as? String)
            let friendsRoute = try await owner.client.createRoute(body: .json(.init(runId: friendsRun))).created.body.json
            let privateRoute = try await owner.client.createRoute(body: .json(.init(runId: privateRun))).created.body.json
            #expect(friendsRoute.privacy == .friends && privateRoute.privacy == .private)

            // A public route on which the owner has a friends-only run and a faster private one.
            let creatorRun = try #require(try await server.upload("gpx/run.gpx", as: creator).json?["id"] as? String)
            let publicRoute = try await creator.client.createRoute(body: .json(.init(runId: creatorRun))).created.body.json
            let ownerOnPublic = try await owner.client.uploadRun(
                query: .init(privacy: .friends),
                body: .json(.init(fixes: try RouteTests.follower(of: "gpx/run.gpx", startingAfter: 86_400, slower: 1.1, seed: 11)))
            ).created.body.json
            let ownerSecret = try await owner.client.uploadRun(
                query: .init(privacy: .private),
                body: .json(.init(fixes: try RouteTests.follower(of: "gpx/run.gpx", startingAfter: 2 * 86_400, slower: 0.9, seed: 12)))
            ).created.body.json
            for run in [ownerOnPublic, ownerSecret] {
                _ = try await owner.client.addRouteRun(path: .init(routeId: publicRoute.id), body: .json(.init(runId: run.id))).created
            }
            _ = try await friend.client.addFavourite(path: .init(routeId: friendsRoute.id)).noContent

            let friendsOnlyPaths = [
                "/runs/\(friendsRun)", "/runs/\(friendsRun)/track", "/runs/\(friendsRun)/series", "/runs/\(friendsRun)/export",
                "/runs/\(ownerOnPublic.id)", "/routes/\(friendsRoute.id)", "/routes/\(friendsRoute.id)/leaderboard",
                "/routes/\(friendsRoute.id)/pace", "/routes/\(publicRoute.id)/pace?runId=\(ownerOnPublic.id)",
                "/routes/\(publicRoute.id)/comparison?a=\(creatorRun)&b=\(ownerOnPublic.id)",
            ]
            let privatePaths = [
                "/runs/\(privateRun)", "/runs/\(privateRun)/track", "/runs/\(ownerSecret.id)", "/routes/\(privateRoute.id)",
                "/routes/\(privateRoute.id)/leaderboard", "/routes/\(publicRoute.id)/comparison?a=\(creatorRun)&b=\(ownerSecret.id)",
            ]
            for path in friendsOnlyPaths + privatePaths {
                #expect(try await server.raw(.GET, path, token: owner.token).status == 200, "owner: \(path)")
            }
            for path in friendsOnlyPaths {
                #expect(try await server.raw(.GET, path, token: friend.token).status == 200, "friend: \(path)")
            }
            for path in privatePaths {
                #expect(try await server.raw(.GET, path, token: friend.token).status == 404, "friend: \(path)")
            }
            for path in friendsOnlyPaths + privatePaths {
                let asStranger = try await server.raw(.GET, path, token: stranger.token)
                #expect(asStranger.status == 404 && asStranger.errorCode == "not_found", "stranger: \(path)")
                #expect(try await server.raw(.GET, path).status == 404, "anonymous: \(path)")
            }

            // The leaderboard and runner counts: the friend sees the owner's friends-only
            // time (never the faster private one); others see the creator alone.
            let asFriend = try await friend.client.getLeaderboard(path: .init(routeId: publicRoute.id)).ok.body.json
            #expect(asFriend.entries.map(\.runner.displayName) == ["Creator", "Owner"])
            #expect(asFriend.entries.map(\.runId) == [creatorRun, ownerOnPublic.id])
            #expect(try await friend.client.getRoute(path: .init(routeId: publicRoute.id)).ok.body.json.route.runners == 2)
            let asOwner = try await owner.client.getLeaderboard(path: .init(routeId: publicRoute.id)).ok.body.json
            #expect(asOwner.entries.map(\.runId) == [ownerSecret.id, creatorRun], "the owner sees their private best")
            for client in [stranger.client, server.client()] {
                let board = try await client.getLeaderboard(path: .init(routeId: publicRoute.id)).ok.body.json
                #expect(board.entries.map(\.runner.displayName) == ["Creator"])
                let detail = try await client.getRoute(path: .init(routeId: publicRoute.id)).ok.body.json
                #expect(detail.route.runners == 1 && detail.topRuns.count == 1)
            }
            #expect(try await friend.client.listFavourites().ok.body.json.routes.map(\.id) == [friendsRoute.id])
            #expect(try await server.raw(.PUT, "/favourites/\(friendsRoute.id)", token: stranger.token).status == 404)

            // Browsing the map stays public: the friend is not shown the friends-only route.
            let start = friendsRoute.start
            let bbox = "\(start.longitude - 0.002),\(start.latitude - 0.002),\(start.longitude + 0.002),\(start.latitude + 0.002)"
            let browsed = try await friend.client.browseRoutes(query: .init(bbox: bbox, zoom: 16)).ok.body.json
            #expect(browsed.routes.map(\.id) == [publicRoute.id])

            // Unfriended, the friend is a stranger again, at once.
            _ = try await owner.client.removeFriend(path: .init(userId: friend.id)).noContent
            for path in friendsOnlyPaths {
                #expect(try await server.raw(.GET, path, token: friend.token).status == 404, "former friend: \(path)")
            }
            let asFormer = try await friend.client.getLeaderboard(path: .init(routeId: publicRoute.id)).ok.body.json
            #expect(asFormer.entries.map(\.runner.displayName) == ["Creator"])
            #expect(try await friend.client.listFavourites().ok.body.json.routes.isEmpty)
        }
    }

    @Test("a pending request shows nothing friends-only", arguments: TestDatabase.available)
    func pendingIsNotFriends(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let owner = try await server.newUser("Owner", sharing: .public)
            let asker = try await server.newUser("Asker", sharing: .public)
            let run = try #require(try await server.upload("gpx/run.gpx", as: owner, query: "?privacy=friends").json?["id"] as? String)
            _ = try await asker.client.sendFriendRequest(body: .json(.init(userId: owner.id))).created
            #expect(try await server.raw(.GET, "/runs/\(run)", token: asker.token).status == 404)
            _ = try await owner.client.acceptFriendRequest(path: .init(userId: asker.id)).ok
            #expect(try await asker.client.getRun(path: .init(runId: run)).ok.body.json.privacy == .friends)
        }
    }
}
