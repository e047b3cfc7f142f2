import FluentKit
import Foundation
import PacelineAPI
import PacelineLiveClient
@testable import PacelineServer
import PacelineTestSupport
import Testing

/// Who gets into a session besides by code: friends the host invites, and the guests of
/// a walk invitation when its time comes.
@Suite("Live invitations")
struct LiveInvitationTests {
    static let park = Components.Schemas.Place(latitude: 55.8506, longitude: -4.2372, name: "Glasgow Green")

    @Test("invited friends hear of the session and join by its id; strangers can't be invited", arguments: TestDatabase.available)
    func friendsInvited(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), eve = try await server.newUser("Eve")
            try await server.befriend(ann, bo)
            let boLive = try await server.live(bo)
            let annLive = try await server.live(ann)
            try await annLive.send(.createSession(.init(distanceMeters: 3_000, invite: [bo.id])))
            let joined = try await annLive.nextJoined()
            // Bo, connected but in no session, hears he is invited.
            let invited = try await boLive.nextSession()
            #expect(invited.sessionId == joined.sessionId)
            #expect(invited.members.first { $0.userId == bo.id }?.status == .invited)
            try await boLive.send(.joinSession(.init(sessionId: joined.sessionId)))
            #expect(try await boLive.nextJoined().sessionId == joined.sessionId)
            _ = try await annLive.nextSession { $0.members.contains { $0.userId == bo.id && $0.status == .joined } }

            let other = try await server.live(ann)
            try await other.send(.createSession(.init(distanceMeters: 3_000, invite: [eve.id])))
            #expect(try await other.nextError().code == "not_a_friend")
            try await annLive.send(.invite(.init(userIds: [eve.id])))
            #expect(try await annLive.nextError().code == "not_a_friend")
            try await boLive.send(.invite(.init(userIds: [ann.id])))
            #expect(try await boLive.nextError().code == "not_host")
        }
    }

    @Test("a friend offline when invited hears of the lobby after welcome; races, finished sessions, stale lobbies and others' are not sent",
          arguments: TestDatabase.available)
    func invitedWhileOffline(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            try await server.befriend(ann, cy)

            // A race Bo was invited to and missed: Ann and Cy start it, then both give up.
            let race = try await server.live(ann)
            try await race.send(.createSession(.init(distanceMeters: 1_000, invite: [bo.id])))
            let raceID = try await race.nextJoined().sessionId
            let code = try #require(try await race.nextSession().code)
            let cyLive = try await server.live(cy)
            try await cyLive.send(.joinSession(.init(code: code)))
            _ = try await cyLive.nextJoined()
            for client in [race, cyLive] { try await client.send(.ready(.init(ready: true))) }
            for client in [race, cyLive] { _ = try await client.nextCountdown() }
            _ = try await race.nextSession { $0.sessionId == raceID && $0.phase != .lobby }
            #expect(try await Self.announced(to: bo, on: server).isEmpty, "a race under way can't be joined, so it is not announced")
            for client in [race, cyLive] { try await client.send(.leave) }
            _ = try await race.nextResults()

            // Lobbies: one inviting Bo, one inviting only Cy, and one inviting Bo made 3 hours ago.
            let lobby = try await server.live(ann)
            try await lobby.send(.createSession(.init(distanceMeters: 3_000, invite: [bo.id])))
            let lobbyID = try await lobby.nextJoined().sessionId
            _ = try await lobby.nextSession()
            let others = try await server.live(ann)
            try await others.send(.createSession(.init(distanceMeters: 3_000, invite: [cy.id])))
            _ = try await others.nextJoined()
            _ = try await others.nextSession()
            let stale = try await server.live(ann)
            try await stale.send(.createSession(.init(distanceMeters: 3_000, invite: [bo.id])))
            let staleID = try #require(UUID(uuidString: try await stale.nextJoined().sessionId))
            _ = try await stale.nextSession()
            try await LiveSession.query(on: server.app.db).filter(\.$id == staleID)
                .set(\.$createdAt, to: Date().addingTimeInterval(-3 * 3_600)).update()

            // Bo connects: welcome, then the one lobby he can join, himself invited.
            let boLive = try await LiveClient.connect(to: server.liveURL)
            try await boLive.send(.hello(.init(token: bo.token)))
            let invited = try await boLive.nextSession()
            guard case .welcome(let welcome)? = boLive.queued.first else {
                Issue.record("the session came before welcome: \(boLive.queued.map(\.kind.rawValue))")
                return
            }
            #expect(welcome.userId == bo.id)
            #expect(invited.sessionId == lobbyID && invited.phase == .lobby && invited.hostId == ann.id)
            #expect(invited.members.first { $0.userId == bo.id }?.status == .invited)
            try await boLive.send(.finishFollow)  // answered after everything sent on connect
            #expect(try await boLive.nextError().code == "not_following")
            #expect(!boLive.queued.contains { if case .session = $0 { true } else { false } }, "\(boLive.queued.map(\.kind.rawValue))")

            try await boLive.send(.joinSession(.init(sessionId: invited.sessionId)))
            #expect(try await boLive.nextJoined().sessionId == lobbyID)
            _ = try await lobby.nextSession { $0.members.contains { $0.userId == bo.id && $0.status == .joined } }
        }
    }

    /// The `session` messages `user` gets on connecting, in order (the connection is then closed).
    static func announced(to user: TestUser, on server: TestServer) async throws -> [LiveSessionState] {
        let client = try await server.live(user)
        try await client.send(.finishFollow)  // answered after everything sent on connect
        _ = try await client.nextError()
        let sessions = client.queued.compactMap { message -> LiveSessionState? in if case .session(let s) = message { s } else { nil } }
        await client.close()
        return sessions
    }

    @Test("a walk invitation becomes a live session at its time, for the host and the guests who accepted", arguments: TestDatabase.available)
    func invitationBecomesSession(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann"), bo = try await server.newUser("Bo"), cy = try await server.newUser("Cy")
            try await server.befriend(ann, bo)
            try await server.befriend(ann, cy)
            let soon = try await ann.client.createInvitation(body: .json(.init(
                startsAt: Date().addingTimeInterval(600), place: Self.park, sport: .walk, distanceMeters: 3_000, guestIds: [bo.id, cy.id])))
                .created.body.json
            _ = try await bo.client.respondToInvitation(path: .init(invitationId: soon.id), body: .json(.init(response: .accept))).ok

            let boLive = try await server.live(bo)
            try await boLive.send(.joinSession(.init(invitationId: soon.id)))
            let joined = try await boLive.nextJoined()
            let state = try await boLive.nextSession()
            #expect(state.sessionId == joined.sessionId && state.invitationId == soon.id)
            #expect(state.sport == .walk && state.distanceMeters == 3_000 && state.hostId == ann.id)
            #expect(state.code == nil)
            #expect(Set(state.members.map(\.displayName)) == ["Ann", "Bo"])

            let annLive = try await server.live(ann)
            try await annLive.send(.joinSession(.init(invitationId: soon.id)))
            #expect(try await annLive.nextJoined().sessionId == joined.sessionId)
            let seen = try await ann.client.getInvitation(path: .init(invitationId: soon.id)).ok.body.json
            #expect(seen.liveSessionId == joined.sessionId)

            // Cy never accepted.
            let cyLive = try await server.live(cy)
            try await cyLive.send(.joinSession(.init(invitationId: soon.id)))
            #expect(try await cyLive.nextError().code == "not_invited")

            // An invitation for the day after tomorrow is not open yet.
            let later = try await ann.client.createInvitation(body: .json(.init(
                startsAt: Date().addingTimeInterval(2 * 86_400), place: Self.park, guestIds: [bo.id]))).created.body.json
            let other = try await server.live(ann)
            try await other.send(.joinSession(.init(invitationId: later.id)))
            #expect(try await other.nextError().code == "too_early")
        }
    }
}
