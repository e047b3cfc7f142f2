import Fluent
import Foundation
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Testing

@Suite("Friends")
struct FriendTests {
    @Test("search finds others by part of their name, ignoring case and accents, never the searcher, never emails", arguments: TestDatabase.available)
    func search(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ana = try await server.newUser("Ana")
            let alice = try await server.newUser("ALICE")
            let natalia = try await server.newUser("Natália")
            let bob = try await server.newUser("Bob")
            let found = try await ana.client.searchUsers(query: .init(search: "ali")).ok.body.json
            #expect(found.users.map(\.displayName) == ["ALICE", "Natália"])
            #expect(found.users.map(\.relation) == [Components.Schemas.Relation.none, .none] && found.nextCursor == nil)
            #expect(try await natalia.client.searchUsers(query: .init(search: "NATALIA")).ok.body.json.users.isEmpty,
                    "the searcher is never answered")
            #expect(try await alice.client.searchUsers(query: .init(search: " aná ")).ok.body.json.users.map(\.id) == [ana.id])
            // A new name is found at once.
            _ = try await bob.client.updateProfile(body: .json(.init(displayName: "Bob Alistair"))).ok
            #expect(try await ana.client.searchUsers(query: .init(search: "ali")).ok.body.json.users.map(\.displayName)
                    == ["ALICE", "Bob Alistair", "Natália"])

            let answer = try await server.raw(.GET, "/users?search=ali", token: ana.token)
            #expect(answer.status == 200 && !String(decoding: answer.body, as: UTF8.self).contains("@"), "no emails")
            #expect(try await ana.client.searchUsers(query: .init(search: "%_")).ok.body.json.users.isEmpty,
                    "LIKE's wildcards are plain characters")
            for bad in ["a", "%20a%20%20", "a%00b", String(repeating: "a", count: 101)] {
                let refused = try await server.raw(.GET, "/users?search=\(bad)", token: ana.token)
                #expect(refused.status == 400 && refused.errorCode == "bad_request", "\(bad)")
            }
            #expect(try await server.raw(.GET, "/users?search=ali").status == 401)

            // Relations, and pages of one.
            _ = try await ana.client.sendFriendRequest(body: .json(.init(userId: alice.id))).created
            _ = try await natalia.client.sendFriendRequest(body: .json(.init(userId: ana.id))).created
            var seen: [String] = []
            var relations: [Components.Schemas.Relation] = []
            var cursor: String?
            repeat {
                let page = try await ana.client.searchUsers(query: .init(search: "ali", limit: 1, cursor: cursor)).ok.body.json
                #expect(page.users.count == 1)
                seen += page.users.map(\.displayName)
                relations += page.users.map(\.relation)
                cursor = page.nextCursor
            } while cursor != nil && seen.count < 20  // a cursor that repeats a row must not loop forever
            #expect(seen == ["ALICE", "Bob Alistair", "Natália"])
            #expect(relations == [.requestSent, .none, .requestReceived])
            _ = try await ana.client.acceptFriendRequest(path: .init(userId: natalia.id)).ok
            #expect(try await ana.client.searchUsers(query: .init(search: "nat")).ok.body.json.users.map(\.relation) == [.friend])
            let badCursor = try await server.raw(.GET, "/users?search=ali&cursor=bm9wZQ==", token: ana.token)
            #expect(badCursor.status == 400)
        }
    }

    @Test("a request is listed received and sent; accepting makes friends, listed by name with the date", arguments: TestDatabase.available)
    func requestAndAccept(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let zoe = try await server.newUser("Zoë")
            let bo = try await server.newUser("bo")
            let sent = try await ann.client.sendFriendRequest(body: .json(.init(userId: zoe.id))).created.body.json
            #expect(sent.id == zoe.id && sent.displayName == "Zoë" && sent.relation == .requestSent)
            _ = try await bo.client.sendFriendRequest(body: .json(.init(userId: zoe.id))).created

            let received = try await zoe.client.listFriendRequests().ok.body.json
            #expect(received.requests.map(\.user.displayName) == ["bo", "Ann"], "newest first")
            #expect(try await zoe.client.listFriendRequests(query: .init(box: .sent)).ok.body.json.requests.isEmpty)
            let annSent = try await ann.client.listFriendRequests(query: .init(box: .sent)).ok.body.json
            #expect(annSent.requests.map(\.user.id) == [zoe.id])
            #expect(try await ann.client.listFriendRequests(query: .init(box: .received)).ok.body.json.requests.isEmpty)
            let firstPage = try await zoe.client.listFriendRequests(query: .init(limit: 1)).ok.body.json
            let secondPage = try await zoe.client.listFriendRequests(query: .init(limit: 1, cursor: firstPage.nextCursor)).ok.body.json
            #expect(firstPage.requests.map(\.user.displayName) == ["bo"] && secondPage.requests.map(\.user.displayName) == ["Ann"])
            #expect(secondPage.nextCursor == nil)
            #expect(try await zoe.client.listFriends().ok.body.json.friends.isEmpty, "a request is no friendship")

            let before = Date()
            let friend = try await zoe.client.acceptFriendRequest(path: .init(userId: ann.id)).ok.body.json
            #expect(friend.user.id == ann.id && friend.since >= before.addingTimeInterval(-1))
            let again = try await zoe.client.acceptFriendRequest(path: .init(userId: ann.id)).ok.body.json
            #expect(abs(again.since.timeIntervalSince(friend.since)) < 0.001, "accepting twice is harmless")
            _ = try await zoe.client.acceptFriendRequest(path: .init(userId: bo.id)).ok

            #expect(try await zoe.client.listFriends().ok.body.json.friends.map(\.user.displayName) == ["Ann", "bo"],
                    "by name, whatever the case")
            #expect(try await ann.client.listFriends().ok.body.json.friends.map(\.user.displayName) == ["Zoë"])
            let firstFriend = try await zoe.client.listFriends(query: .init(limit: 1)).ok.body.json
            let secondFriend = try await zoe.client.listFriends(query: .init(limit: 1, cursor: firstFriend.nextCursor)).ok.body.json
            #expect(firstFriend.friends.map(\.user.displayName) == ["Ann"] && secondFriend.friends.map(\.user.displayName) == ["bo"])
            #expect(secondFriend.nextCursor == nil)
            #expect(try await zoe.client.listFriendRequests().ok.body.json.requests.isEmpty)
            #expect(try await ann.client.listFriendRequests(query: .init(box: .sent)).ok.body.json.requests.isEmpty)

            let db = server.app.db
            let (a, z, b) = (UUID(uuidString: ann.id)!, UUID(uuidString: zoe.id)!, UUID(uuidString: bo.id)!)
            #expect(try await Friends.areFriends(a, z, on: db))
            #expect(try await Friends.areFriends(z, a, on: db))
            #expect(try await !Friends.areFriends(a, b, on: db))
            #expect(try await !Friends.areFriends(a, a, on: db))
            #expect(try await Friends.friendIDs(of: z, on: db) == [a, b])
            #expect(try await Friends.friendIDs(of: a, on: db) == [z])
        }
    }

    @Test("asking someone who asked you accepts; asking twice changes nothing; yourself, strangers to the server and friends are refused", arguments: TestDatabase.available)
    func sendingRules(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            _ = try await ann.client.sendFriendRequest(body: .json(.init(userId: bo.id))).created
            let twice = try await ann.client.sendFriendRequest(body: .json(.init(userId: bo.id))).ok.body.json
            #expect(twice.relation == .requestSent)
            let mutual = try await bo.client.sendFriendRequest(body: .json(.init(userId: ann.id))).ok.body.json
            #expect(mutual.id == ann.id && mutual.relation == .friend)
            #expect(try await ann.client.listFriends().ok.body.json.friends.map(\.user.id) == [bo.id])

            for (userID, status, code) in [
                (bo.id, 409, "conflict"), (ann.id, 400, "bad_request"), (UUID().uuidString, 404, "not_found"),
                ("not-an-id", 400, "bad_request"),
            ] {
                let response = try await server.raw(.POST, "/friends/requests", token: ann.token,
                                                    headers: [("Content-Type", "application/json")],
                                                    body: Data(#"{"userId":"\#(userID)"}"#.utf8))
                #expect(response.status == status && response.errorCode == code, "\(userID): \(response.status)")
            }
            let noBody = try await server.raw(.POST, "/friends/requests", token: ann.token,
                                              headers: [("Content-Type", "application/json")], body: Data("{}".utf8))
            #expect(noBody.status == 400)
            // Accepting or declining what nobody asked is a 404.
            let cy = try await server.newUser("Cy")
            for path in ["/friends/requests/\(cy.id)/accept", "/friends/requests/\(cy.id)/decline",
                         "/friends/requests/\(UUID().uuidString)/accept", "/friends/requests/nonsense/decline"] {
                let response = try await server.raw(.POST, path, token: ann.token)
                #expect(response.status == 404 && response.errorCode == "not_found", "\(path)")
            }
            // Nor can the one who asked accept their own request.
            _ = try await ann.client.sendFriendRequest(body: .json(.init(userId: cy.id))).created
            #expect(try await server.raw(.POST, "/friends/requests/\(cy.id)/accept", token: ann.token).status == 404)
            #expect(try await server.raw(.POST, "/friends/requests/\(ann.id)/accept", token: cy.token).status == 200)
        }
    }

    @Test("declining, withdrawing and unfriending leave strangers who may ask again", arguments: TestDatabase.available)
    func endings(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            _ = try await ann.client.sendFriendRequest(body: .json(.init(userId: bo.id))).created
            _ = try await bo.client.declineFriendRequest(path: .init(userId: ann.id)).noContent
            #expect(try await bo.client.listFriendRequests().ok.body.json.requests.isEmpty)
            #expect(try await server.raw(.POST, "/friends/requests/\(ann.id)/decline", token: bo.token).status == 404)

            // Withdrawn by the one who asked; the other can't "withdraw" a request received.
            _ = try await ann.client.sendFriendRequest(body: .json(.init(userId: bo.id))).created
            #expect(try await server.raw(.DELETE, "/friends/\(ann.id)", token: bo.token).status == 404)
            _ = try await ann.client.removeFriend(path: .init(userId: bo.id)).noContent
            #expect(try await bo.client.listFriendRequests().ok.body.json.requests.isEmpty)

            // Unfriended by either side.
            try await server.befriend(ann, bo)
            _ = try await bo.client.removeFriend(path: .init(userId: ann.id)).noContent
            #expect(try await ann.client.listFriends().ok.body.json.friends.isEmpty)
            #expect(try await ann.client.searchUsers(query: .init(search: "bo")).ok.body.json.users.map(\.relation) == [.none])
            let again = try await server.raw(.DELETE, "/friends/\(ann.id)", token: bo.token)
            #expect(again.status == 404 && again.errorCode == "not_found")
            #expect(try await server.raw(.DELETE, "/friends/nonsense", token: bo.token).status == 404)
            try await server.befriend(bo, ann)
            #expect(try await ann.client.listFriends().ok.body.json.friends.map(\.user.id) == [bo.id])
        }
    }

    @Test("requests sent both ways at once make one friendship (the pair's unique index)", arguments: TestDatabase.available)
    func concurrentMutualRequests(database: TestDatabase) async throws {
        try await withServer(database) { server in
            var pairs: [(TestUser, TestUser)] = []
            for index in 0..<6 { pairs.append((try await server.newUser("A\(index)"), try await server.newUser("B\(index)"))) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (a, b) in pairs {
                    for _ in 0..<2 {
                        group.addTask { _ = try await a.client.sendFriendRequest(body: .json(.init(userId: b.id))) }
                        group.addTask { _ = try await b.client.sendFriendRequest(body: .json(.init(userId: a.id))) }
                    }
                }
                try await group.waitForAll()
            }
            for (a, b) in pairs {
                let friends = try await a.client.listFriends().ok.body.json.friends
                #expect(friends.map(\.user.id) == [b.id], "\(a.profile.displayName)")
            }
            #expect(try await Friendship.query(on: server.app.db).count() == pairs.count)
            #expect(try await Friendship.query(on: server.app.db).filter(\.$status == .accepted).count() == pairs.count)
        }
    }

    @Test("pages of requests hold every request once, newest first", arguments: TestDatabase.available)
    func requestPages(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let zoe = try await server.newUser("Zoe")
            var askers: [String] = []
            for index in 0..<8 {
                let asker = try await server.newUser("Asker\(index)")
                _ = try await asker.client.sendFriendRequest(body: .json(.init(userId: zoe.id))).created
                askers.insert(asker.id, at: 0)
            }
            for limit in [1, 3] {
                var seen: [String] = []
                var cursor: String?
                repeat {
                    let page = try await zoe.client.listFriendRequests(query: .init(limit: limit, cursor: cursor)).ok.body.json
                    seen += page.requests.map(\.user.id)
                    cursor = page.nextCursor
                } while cursor != nil && seen.count < 20  // a cursor that repeats a row must not loop forever
                #expect(seen == askers, "limit \(limit)")
            }
        }
    }

    @Test("every friends operation needs a token", arguments: TestDatabase.available)
    func anonymous(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            for (method, path) in [
                ("GET", "/users?search=ann"), ("GET", "/friends"), ("DELETE", "/friends/\(ann.id)"), ("GET", "/friends/requests"),
                ("POST", "/friends/requests"), ("POST", "/friends/requests/\(ann.id)/accept"),
                ("POST", "/friends/requests/\(ann.id)/decline"),
            ] {
                let response = try await server.raw(.init(rawValue: method), path, headers: [("Content-Type", "application/json")],
                                                    body: method == "POST" ? Data(#"{"userId":"\#(ann.id)"}"#.utf8) : nil)
                #expect(response.status == 401 && response.errorCode == "unauthorized", "\(method) \(path)")
            }
        }
    }

    @Test("the search-name migration fills in the users who exist, and reverts", arguments: TestDatabase.available)
    func searchNameMigration(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ánnie")
            let db = server.app.db
            try await AddUserSearchName().revert(on: db)
            try await AddUserSearchName().prepare(on: db)
            let user = try #require(try await User.find(UUID(uuidString: ann.id)!, on: db))
            #expect(user.searchName == "annie")
        }
    }
}
