import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// The notification list: what each user is told, once, newest first, theirs alone; read
/// one at a time or all at once; never from someone they blocked.
@Suite("Notifications")
struct NotificationTests {
    @Test("friend requests, invitations, kudos and comments each tell the user once; marked read", arguments: TestDatabase.available)
    func told(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            _ = try await bo.client.sendFriendRequest(body: .json(.init(userId: ann.id))).created
            _ = try await bo.client.sendFriendRequest(body: .json(.init(userId: ann.id))).ok  // again: told once
            _ = try await ann.client.acceptFriendRequest(path: .init(userId: bo.id)).ok
            #expect(try await bo.client.listNotifications().ok.body.json.notifications.map(\.kind) == [.friendAccepted])
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=friends").json?["id"] as? String)
            _ = try await bo.client.giveKudos(path: .init(runId: run)).ok
            _ = try await bo.client.takeBackKudos(path: .init(runId: run)).ok
            _ = try await bo.client.giveKudos(path: .init(runId: run)).ok  // given again: told once
            try await Task.sleep(for: .milliseconds(20))
            _ = try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "Nice one"))).created
            _ = try await ann.client.addComment(path: .init(runId: run), body: .json(.init(text: "Thanks"))).created  // one's own: not told
            let page = try await ann.client.listNotifications().ok.body.json
            #expect(page.notifications.map(\.kind) == [.comment, .kudos, .friendRequest] && page.unread == 3)
            #expect(page.notifications[0].excerpt == "Nice one" && page.notifications[0].actor.displayName == "Bo")
            #expect(page.notifications[1].runId == run)
            #expect(try await ann.client.countUnreadNotifications().ok.body.json.unread == 3)
            // Bo can't mark Ann's read; Ann marks one, then all.
            _ = try await bo.client.markNotificationsRead(body: .json(.init(id: page.notifications[0].id))).ok
            #expect(try await ann.client.countUnreadNotifications().ok.body.json.unread == 3)
            #expect(try await ann.client.markNotificationsRead(body: .json(.init(id: page.notifications[0].id))).ok.body.json.unread == 2)
            #expect(try await ann.client.markNotificationsRead(body: .json(.init())).ok.body.json.unread == 0)
            #expect(try await ann.client.listNotifications().ok.body.json.notifications.allSatisfy(\.read))
            // An invitation tells its guests.
            let startsAt = Date().addingTimeInterval(86_400)
            _ = try await ann.client.createInvitation(body: .json(.init(
                startsAt: startsAt, place: .init(latitude: 51.5, longitude: -0.1), title: "Tuesday loop", guestIds: [bo.id]))).created
            let boPage = try await bo.client.listNotifications().ok.body.json
            #expect(boPage.notifications.first?.kind == .invitation && boPage.notifications.first?.excerpt == "Tuesday loop")
            // Deleting the run takes its notifications with it.
            _ = try await ann.client.deleteRun(path: .init(runId: run)).noContent
            #expect(try await ann.client.listNotifications().ok.body.json.notifications.map(\.kind) == [.friendRequest])
        }
    }

    @Test("a page at a time; none from a blocked user; none without an account", arguments: TestDatabase.available)
    func pagedAndBlocked(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            for index in 0..<3 {
                _ = try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "comment \(index)"))).created
                try await Task.sleep(for: .milliseconds(10))
            }
            let first = try await ann.client.listNotifications(query: .init(limit: 2)).ok.body.json
            #expect(first.notifications.map(\.excerpt) == ["comment 2", "comment 1"])
            let second = try await ann.client.listNotifications(query: .init(limit: 2, cursor: first.nextCursor)).ok.body.json
            #expect(second.notifications.map(\.excerpt) == ["comment 0"] && second.nextCursor == nil)
            // Blocking Cy: what Cy did is gone, and Cy can't reach Ann with anything new.
            _ = try await cy.client.giveKudos(path: .init(runId: run)).ok
            _ = try await ann.client.blockUser(path: .init(userId: cy.id)).noContent
            #expect(try await ann.client.listNotifications().ok.body.json.notifications.allSatisfy { $0.actor.id != cy.id })
            #expect(try await server.raw(.GET, "/me/notifications").status == 401)
            #expect(try await server.raw(.GET, "/me/notifications?limit=0", token: ann.token).status == 400)
        }
    }

    @Test("a request to join a club tells its owner; the approval tells the runner; gone with the club", arguments: TestDatabase.available)
    func clubs(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let club = try await ClubTests.club(ann, "Hill Harriers", admission: .approval)
            #expect(try await ClubTests.join(bo, club).membership == .requested)
            let asked = try #require(try await ann.client.listNotifications().ok.body.json.notifications.first)
            #expect(asked.kind == .clubRequest && asked.clubId == club.id && asked.excerpt == "Hill Harriers" && asked.actor.displayName == "Bo")
            _ = try await ann.client.approveClubMember(path: .init(clubId: club.id, userId: bo.id)).noContent
            let approved = try #require(try await bo.client.listNotifications().ok.body.json.notifications.first)
            #expect(approved.kind == .clubApproved && approved.clubId == club.id && approved.actor.displayName == "Ann")
            _ = try await ann.client.deleteClub(path: .init(clubId: club.id)).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM notifications WHERE club_id IS NOT NULL") == 0)
        }
    }
}
