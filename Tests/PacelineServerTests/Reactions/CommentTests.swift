import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Comments on activities: only on what the writer may see and while the owner lets them,
/// text of bounded length, deleted by their writer or the owner, mentions of friends only.
@Suite("Comments")
struct CommentTests {
    private static let json = [("Content-Type", "application/json")]

    private static func body(_ text: String, mentions: [String] = []) -> Data {
        try! JSONSerialization.data(withJSONObject: ["text": text, "mentionIds": mentions])
    }

    @Test("no comment on what the writer may not see, none without an account, none over the limits", arguments: TestDatabase.available)
    func refusals(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            let secret = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=private").json?["id"] as? String)
            let friendsOnly = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=friends").json?["id"] as? String)
            #expect(try await server.raw(.POST, "/runs/\(secret)/comments", token: bo.token, headers: Self.json, body: Self.body("hi")).status == 404)
            #expect(try await server.raw(.GET, "/runs/\(secret)/comments", token: bo.token).status == 404)
            #expect(try await server.raw(.POST, "/runs/\(friendsOnly)/comments", token: cy.token, headers: Self.json, body: Self.body("hi")).status == 404)
            #expect(try await server.raw(.GET, "/runs/\(friendsOnly)/comments").status == 404)
            #expect(try await server.raw(.POST, "/runs/\(friendsOnly)/comments", headers: Self.json, body: Self.body("hi")).status == 401)
            // Empty once trimmed, over 1,000 characters, NUL, too many mentions: 400.
            for text in ["   ", String(repeating: "é", count: 1001), "a\u{0}b"] {
                #expect(try await server.raw(.POST, "/runs/\(friendsOnly)/comments", token: bo.token, headers: Self.json, body: Self.body(text)).status == 400)
            }
            let eleven = (0..<11).map { _ in UUID().uuidString }
            #expect(try await server.raw(.POST, "/runs/\(friendsOnly)/comments", token: bo.token, headers: Self.json,
                                         body: Self.body("hi", mentions: eleven)).status == 400)
            #expect(try await server.raw(.POST, "/runs/\(friendsOnly)/comments", token: bo.token, headers: Self.json,
                                         body: Self.body("hi", mentions: ["nobody"])).status == 400)
            // Exactly 1,000 characters is fine; nothing else was stored.
            #expect(try await server.raw(.POST, "/runs/\(friendsOnly)/comments", token: bo.token, headers: Self.json,
                                         body: Self.body(String(repeating: "é", count: 1000))).status == 201)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM comments") == 1)
        }
    }

    @Test("read newest first by whoever may see the activity; deleted by the writer or the owner, not by a third", arguments: TestDatabase.available)
    func writtenReadDeleted(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let path = Operations.AddComment.Input.Path(runId: run)
            let first = try await bo.client.addComment(path: path, body: .json(.init(text: "  Well run!  "))).created.body.json
            #expect(first.text == "Well run!" && first.author.displayName == "Bo" && first.deletable)
            try await Task.sleep(for: .milliseconds(20))
            let second = try await cy.client.addComment(path: path, body: .json(.init(text: "<b>fast</b> & far"))).created.body.json
            let anonymous = try await server.client().listComments(path: .init(runId: run)).ok.body.json
            #expect(anonymous.comments.map(\.text) == ["<b>fast</b> & far", "Well run!"] && anonymous.count == 2 && anonymous.open)
            #expect(anonymous.comments.allSatisfy { !$0.deletable })
            // Pages of one, newest first, then the next.
            let page = try await ann.client.listComments(path: .init(runId: run), query: .init(limit: 1)).ok.body.json
            #expect(page.comments.map(\.id) == [second.id] && page.comments[0].deletable)
            let next = try await ann.client.listComments(path: .init(runId: run), query: .init(limit: 1, cursor: page.nextCursor)).ok.body.json
            #expect(next.comments.map(\.id) == [first.id] && next.nextCursor == nil)
            // Cy may not delete Bo's; Bo may, the owner may delete Cy's.
            #expect(try await server.raw(.DELETE, "/runs/\(run)/comments/\(first.id)", token: cy.token).status == 403)
            #expect(try await server.raw(.DELETE, "/runs/\(run)/comments/\(first.id)", token: bo.token).status == 204)
            #expect(try await server.raw(.DELETE, "/runs/\(run)/comments/\(second.id)", token: ann.token).status == 204)
            #expect(try await server.raw(.DELETE, "/runs/\(run)/comments/\(second.id)", token: ann.token).status == 404)
            #expect(try await ann.client.listComments(path: .init(runId: run)).ok.body.json.count == 0)
            // A comment on a deleted run goes with it.
            _ = try await bo.client.addComment(path: path, body: .json(.init(text: "again"))).created
            _ = try await ann.client.deleteRun(path: .init(runId: run)).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM comments") == 0)
        }
    }

    @Test("the owner switches comments off: none added, theirs neither; the ones made stay", arguments: TestDatabase.available)
    func switchedOff(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            _ = try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "first"))).created
            let closed = try await ann.client.updateRun(path: .init(runId: run), body: .json(.init(commentsOpen: false))).ok.body.json
            #expect(closed.commentsOpen == false)
            for user in [bo, ann] {
                let refused = try await server.raw(.POST, "/runs/\(run)/comments", token: user.token, headers: Self.json, body: Self.body("more"))
                #expect(refused.status == 403 && String(decoding: refused.body, as: UTF8.self).contains("comments_closed"))
            }
            let page = try await bo.client.listComments(path: .init(runId: run)).ok.body.json
            #expect(!page.open && page.comments.map(\.text) == ["first"])
            // Someone else can't switch them back on.
            #expect(try await server.raw(.PATCH, "/runs/\(run)", token: bo.token, headers: Self.json,
                                         body: Data(#"{"commentsOpen": true}"#.utf8)).status == 404)
            _ = try await ann.client.updateRun(path: .init(runId: run), body: .json(.init(commentsOpen: true))).ok
            #expect(try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "more"))).created.body.json.text == "more")
        }
    }

    @Test("mentions keep only the writer's friends who may see the activity, and tell them", arguments: TestDatabase.available)
    func mentions(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let di = try await server.newUser("Di")
            try await server.befriend(ann, bo)
            try await server.befriend(bo, cy)
            try await server.befriend(bo, di)
            try await server.befriend(ann, di)
            // Friends-only: Di (Ann's friend) may see it, Cy (not Ann's friend) may not.
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=friends").json?["id"] as? String)
            let stranger = try await server.newUser("Ed")
            let comment = try await bo.client.addComment(
                path: .init(runId: run),
                body: .json(.init(text: "@Cy @Di @Ed look", mentionIds: [cy.id, di.id, stranger.id, di.id]))).created.body.json
            #expect(comment.mentions.map(\.displayName) == ["Di"])
            let diTold = try await di.client.listNotifications().ok.body.json.notifications.filter { $0.kind == .mention }
            #expect(diTold.count == 1 && diTold.first?.excerpt == "@Cy @Di @Ed look" && diTold.first?.runId == run)
            #expect(try await cy.client.listNotifications().ok.body.json.notifications.allSatisfy { $0.kind != .mention })
            #expect(try await stranger.client.listNotifications().ok.body.json.notifications.isEmpty)
            // The owner is told of the comment itself.
            let annTold = try await ann.client.listNotifications().ok.body.json
            #expect(annTold.notifications.first?.kind == .comment && annTold.notifications.first?.runId == run)
        }
    }

    @Test("30 comments in 10 minutes, then 429", arguments: [TestDatabase.sqlite])
    func limited(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            for index in 0..<30 {
                #expect(try await server.raw(.POST, "/runs/\(run)/comments", token: bo.token, headers: Self.json, body: Self.body("\(index)")).status == 201)
            }
            let refused = try await server.raw(.POST, "/runs/\(run)/comments", token: bo.token, headers: Self.json, body: Self.body("one more"))
            #expect(refused.status == 429)
            // A refused one (empty) was not counted against Ann.
            #expect(try await server.raw(.POST, "/runs/\(run)/comments", token: ann.token, headers: Self.json, body: Self.body(" ")).status == 400)
            #expect(try await server.raw(.POST, "/runs/\(run)/comments", token: ann.token, headers: Self.json, body: Self.body("thanks")).status == 201)
        }
    }
}
