import Foundation
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// The notifications users ask for, and those nobody's action makes: a friend's record (to
/// friends who asked and may see it), an invitation's live session opening (to the guests
/// who accepted), a reminder after the days without an activity a user chose (once a stretch).
@Suite("Reminders and records")
struct ReminderTests {
    @Test("a friend's record is told to the friends who asked and may see it", arguments: TestDatabase.available)
    func friendRecords(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let di = try await server.newUser("Di")
            try await server.befriend(ann, bo)
            try await server.befriend(ann, cy)
            for user in [bo, di] {  // Di asked, but is not Ann's friend; Cy is, but did not ask
                #expect(try await user.client.updateNotificationSettings(body: .json(.init(friendRecords: true))).ok.body.json.friendRecords)
            }
            let run = try await ann.client.uploadRun(query: .init(privacy: .friends),
                                                     body: .json(ElevationModelUploadFixture.upload(daysAgo: 0.5))).created.body.json
            #expect(!(run.newRecords ?? []).isEmpty)
            let told = try await bo.client.listNotifications().ok.body.json.notifications.filter { $0.kind == .friendRecord }
            #expect(told.count == 1 && told.first?.runId == run.id && told.first?.actor.displayName == "Ann")
            #expect(try await cy.client.listNotifications().ok.body.json.notifications.allSatisfy { $0.kind != .friendRecord })
            #expect(try await di.client.listNotifications().ok.body.json.notifications.isEmpty)
            // A private activity's records are told to no one; nor an old one's uploaded today.
            _ = try await ann.client.uploadRun(query: .init(privacy: .private), body: .json(ElevationModelUploadFixture.upload(daysAgo: 0.2))).created
            _ = try await ann.client.uploadRun(query: .init(privacy: .friends), body: .json(ElevationModelUploadFixture.upload(daysAgo: 400))).created
            #expect(try await bo.client.listNotifications().ok.body.json.notifications.filter { $0.kind == .friendRecord }.count == 1)
        }
    }

    @Test("the guests who accepted are told the live session opens; once", arguments: TestDatabase.available)
    func raceStarting(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            try await server.befriend(ann, cy)
            let invitation = try await ann.client.createInvitation(body: .json(.init(
                startsAt: Date().addingTimeInterval(600), place: .init(latitude: 55.86, longitude: -4.25), title: "Tuesday loop",
                guestIds: [bo.id, cy.id]))).created.body.json
            _ = try await bo.client.respondToInvitation(path: .init(invitationId: invitation.id), body: .json(.init(response: .accept))).ok
            _ = try await cy.client.respondToInvitation(path: .init(invitationId: invitation.id), body: .json(.init(response: .decline))).ok
            try await Reminders.tellStarting(within: 300, on: server.app.db)  // 10 minutes away: not yet
            #expect(try await bo.client.listNotifications().ok.body.json.notifications.allSatisfy { $0.kind != .raceStarting })
            try await Reminders.tellStarting(within: 1800, on: server.app.db)
            try await Reminders.tellStarting(within: 1800, on: server.app.db)
            let all = try await bo.client.listNotifications().ok.body.json.notifications
            // A loop, not `filter`: Swift 6.3 (debug) answered this one `filter` with the other
            // notifications, while `map` of the same comparison was right.
            var told: [Components.Schemas.Notification] = []
            for notification in all where notification.kind == .raceStarting { told.append(notification) }
            #expect(told.map(\.kind) == [.raceStarting])
            #expect(told.first?.invitationId == invitation.id)
            #expect(told.first?.excerpt == "Tuesday loop")
            #expect(try await cy.client.listNotifications().ok.body.json.notifications.allSatisfy { $0.kind != .raceStarting })
        }
    }

    @Test("a reminder after the days chosen without an activity, once a stretch; 0 turns it off", arguments: TestDatabase.available)
    func idle(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            _ = try await ann.client.uploadRun(query: .init(privacy: .private), body: .json(ElevationModelUploadFixture.upload(daysAgo: 5))).created
            try await Reminders.remindIdle(on: server.app.db)
            #expect(try await ann.client.listNotifications().ok.body.json.notifications.isEmpty)  // not asked
            #expect(try await ann.client.updateNotificationSettings(body: .json(.init(idleReminderDays: 3))).ok.body.json.idleReminderDays == 3)
            #expect(try await server.raw(.PUT, "/me/notification-settings", token: ann.token, headers: [("Content-Type", "application/json")],
                                         body: Data(#"{"idleReminderDays": 61}"#.utf8)).status == 400)
            try await Reminders.remindIdle(on: server.app.db)
            try await Reminders.remindIdle(on: server.app.db)
            let told = try await ann.client.listNotifications().ok.body.json.notifications
            #expect(told.map(\.kind) == [.idleReminder] && told.first?.excerpt == "5 days since your last activity")
            // Out again: no reminder until the next stretch.
            _ = try await ann.client.uploadRun(query: .init(privacy: .private), body: .json(ElevationModelUploadFixture.upload(daysAgo: 0.1))).created
            try await Reminders.remindIdle(on: server.app.db)
            #expect(try await ann.client.listNotifications().ok.body.json.notifications.count == 1)
            #expect(try await ann.client.updateNotificationSettings(body: .json(.init(idleReminderDays: 0))).ok.body.json.idleReminderDays == nil)
        }
    }
}
