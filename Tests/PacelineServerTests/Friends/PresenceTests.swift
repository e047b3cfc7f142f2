import Foundation
import PacelineAPI
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Presence: friends see who is recording or in a live session now, only when that user
/// shares it, never strangers, and not once it is turned off, ended or stale.
@Suite("Presence")
struct PresenceTests {
    @Test("shown to friends only, only when shared, gone when ended, turned off or stale", arguments: TestDatabase.available)
    func shownToFriends(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let di = try await server.newUser("Di")
            try await server.befriend(ann, bo)
            try await server.befriend(di, bo)
            // Not shared (the default): nothing is kept.
            _ = try await ann.client.notePresence(body: .json(.init(state: .recording, sport: .run))).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM presence") == 0)
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.isEmpty)
            // Shared: Bo, a friend, sees it; Cy, a stranger, does not.
            let profile = try await ann.client.updateProfile(body: .json(.init(sharesPresence: true))).ok.body.json
            #expect(profile.sharesPresence == true)
            _ = try await ann.client.notePresence(body: .json(.init(state: .recording, sport: .walk))).noContent
            _ = try await di.client.notePresence(body: .json(.init(state: .recording, sport: .run))).noContent  // Di doesn't share
            let seen = try await bo.client.listFriendsPresent().ok.body.json.friends
            #expect(seen.map(\.user.displayName) == ["Ann"] && seen.first?.state == .recording && seen.first?.sport == .walk)
            #expect(try await cy.client.listFriendsPresent().ok.body.json.friends.isEmpty)
            // Said again, it keeps its start; a live session starts anew.
            try await Task.sleep(for: .milliseconds(20))
            _ = try await ann.client.notePresence(body: .json(.init(state: .recording, sport: .walk))).noContent
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.first?.since == seen.first?.since)
            _ = try await ann.client.notePresence(body: .json(.init(state: .live))).noContent
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.first?.state == .live)
            // Ended: gone. Stale (the app stopped saying it): gone.
            _ = try await ann.client.endPresence().noContent
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.isEmpty)
            let annID = try #require(UUID(uuidString: ann.id))
            try await Presence.note(.recording, sport: .run, by: annID, now: Date().addingTimeInterval(-600), on: server.app.db)
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.isEmpty)
            // Turned off: what friends saw goes at once.
            _ = try await ann.client.notePresence(body: .json(.init(state: .recording, sport: .run))).noContent
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.count == 1)
            _ = try await ann.client.updateProfile(body: .json(.init(sharesPresence: false))).ok
            #expect(try await bo.client.listFriendsPresent().ok.body.json.friends.isEmpty)
            #expect(try await server.raw(.GET, "/friends/presence").status == 401)
        }
    }
}
