import Fluent
import Foundation
import PacelineAPI
import PacelineCore
@testable import PacelineServer
import PacelineTestSupport
import Testing

@Suite("Invitations")
struct InvitationTests {
    static let park = Components.Schemas.Place(latitude: 55.8642, longitude: -4.2518, name: "Park gates")

    /// A walk `hours` from now, hosted by `host`, with `guests`.
    static func creation(in hours: Double = 24, guests: [TestUser], sport: Components.Schemas.InvitationSport? = nil,
                         title: String? = nil, distance: Double? = nil) -> Components.Schemas.InvitationCreation {
        .init(startsAt: Date().addingTimeInterval(hours * 3600), place: park, sport: sport, title: title,
              distanceMeters: distance, guestIds: guests.map(\.id))
    }

    @Test("a host invites friends; guests accept or decline and may change their minds; host and guests see the same invitation", arguments: TestDatabase.available)
    func lifecycle(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let cy = try await server.newUser("Cy")
            let bo = try await server.newUser("Bo")
            let stranger = try await server.newUser("Stranger")
            try await server.befriend(ann, bo)
            try await server.befriend(cy, ann)

            let created = try await ann.client.createInvitation(
                body: .json(Self.creation(guests: [cy, bo], sport: .run, title: " Tempo by the river ", distance: 8_000))
            ).created.body.json
            #expect(created.host.id == ann.id && created.host.displayName == "Ann")
            #expect(created.title == "Tempo by the river" && created.sport == .run && created.distanceMeters == 8_000)
            #expect(created.place.name == "Park gates" && created.place.latitude == Self.park.latitude)
            #expect(created.status == .scheduled && created.liveSessionId == nil)
            #expect(created.guests.map(\.user.displayName) == ["Bo", "Cy"], "by name")
            #expect(created.guests.allSatisfy { $0.response == .pending && $0.respondedAt == nil })

            let accepted = try await bo.client.respondToInvitation(path: .init(invitationId: created.id), body: .json(.init(response: .accept)))
                .ok.body.json
            #expect(accepted.guests.map(\.response) == [.accepted, .pending] && accepted.guests[0].respondedAt != nil)
            _ = try await cy.client.respondToInvitation(path: .init(invitationId: created.id), body: .json(.init(response: .decline))).ok
            _ = try await bo.client.respondToInvitation(path: .init(invitationId: created.id), body: .json(.init(response: .decline))).ok
            _ = try await cy.client.respondToInvitation(path: .init(invitationId: created.id), body: .json(.init(response: .accept))).ok
            for user in [ann, bo, cy] {
                let seen = try await user.client.getInvitation(path: .init(invitationId: created.id)).ok.body.json
                #expect(seen.guests.map(\.response) == [.declined, .accepted], "\(user.profile.displayName)")
                #expect(seen.startsAt.timeIntervalSince(created.startsAt).magnitude < 0.001)
            }

            // Nobody else sees it; the host doesn't answer their own.
            let asStranger = try await server.raw(.GET, "/invitations/\(created.id)", token: stranger.token)
            #expect(asStranger.status == 404 && asStranger.errorCode == "not_found")
            let strangerReply = try await server.raw(.POST, "/invitations/\(created.id)/response", token: stranger.token,
                                                     headers: [("Content-Type", "application/json")], body: Data(#"{"response":"accept"}"#.utf8))
            #expect(strangerReply.status == 404)
            let hostReply = try await server.raw(.POST, "/invitations/\(created.id)/response", token: ann.token,
                                                 headers: [("Content-Type", "application/json")], body: Data(#"{"response":"accept"}"#.utf8))
            #expect(hostReply.status == 403 && hostReply.errorCode == "forbidden")
            let badReply = try await server.raw(.POST, "/invitations/\(created.id)/response", token: bo.token,
                                                headers: [("Content-Type", "application/json")], body: Data(#"{"response":"maybe"}"#.utf8))
            #expect(badReply.status == 400)
            #expect(try await server.raw(.GET, "/invitations/not-an-id", token: ann.token).status == 404)
            #expect(try await server.raw(.GET, "/invitations/\(UUID().uuidString)", token: ann.token).status == 404)

            // A walk by default, no title, no distance.
            let plain = try await bo.client.createInvitation(body: .json(Self.creation(in: 48, guests: [ann]))).created.body.json
            #expect(plain.sport == .walk && plain.title == nil && plain.distanceMeters == nil)

            // Boxes: sent are hosted, received are invited to; both when absent, latest start first.
            #expect(try await ann.client.listInvitations(query: .init(box: .sent)).ok.body.json.invitations.map(\.id) == [created.id])
            #expect(try await ann.client.listInvitations(query: .init(box: .received)).ok.body.json.invitations.map(\.id) == [plain.id])
            #expect(try await ann.client.listInvitations().ok.body.json.invitations.map(\.id) == [plain.id, created.id])
            #expect(try await cy.client.listInvitations().ok.body.json.invitations.map(\.id) == [created.id])
            #expect(try await stranger.client.listInvitations().ok.body.json.invitations.isEmpty)
        }
    }

    @Test("guests must be the host's friends (422 naming the id); bad guests, dates, places and distances are 400", arguments: TestDatabase.available)
    func validation(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let stranger = try await server.newUser("Stranger")
            let asker = try await server.newUser("Asker")
            try await server.befriend(ann, bo)
            _ = try await asker.client.sendFriendRequest(body: .json(.init(userId: ann.id))).created

            for outsider in [stranger.id, asker.id, UUID().uuidString.lowercased()] {
                let body = #"{"startsAt":"\#(Self.iso(hours: 24))","place":{"latitude":1,"longitude":2},"guestIds":["\#(bo.id)","\#(outsider)"]}"#
                let response = try await Self.create(body, as: ann, on: server)
                #expect(response.status == 422 && response.errorCode == "not_a_friend", "\(outsider)")
                let message = (response.json?["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains(outsider), "\(message)")
            }
            let fifty = (0..<51).map { _ in "\"\(UUID().uuidString)\"" }.joined(separator: ",")
            let place = #""place":{"latitude":1,"longitude":2}"#
            let tomorrow = Self.iso(hours: 24)
            for body in [
                #"{"startsAt":"\#(tomorrow)",\#(place),"guestIds":[]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"guestIds":[\#(fifty)]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"guestIds":["\#(bo.id)","\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"guestIds":["\#(ann.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"guestIds":["bo"]}"#,
                #"{"startsAt":"\#(Self.iso(hours: -1))",\#(place),"guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(Self.iso(hours: 367 * 24))",\#(place),"guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)","place":{"latitude":91,"longitude":2},"guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)","place":{"latitude":1,"longitude":-180.5},"guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"distanceMeters":0,"guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"distanceMeters":100001,"guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"title":"a\u0000b","guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"title":"\#(String(repeating: "x", count: 201))","guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"\#(tomorrow)",\#(place),"sport":"swim","guestIds":["\#(bo.id)"]}"#,
                #"{"startsAt":"tomorrow",\#(place),"guestIds":["\#(bo.id)"]}"#,
            ] {
                let response = try await Self.create(body, as: ann, on: server)
                #expect(response.status == 400 && response.errorCode == "bad_request", "\(body.prefix(160)): \(response.status)")
            }
            #expect(try await ann.client.listInvitations().ok.body.json.invitations.isEmpty, "nothing was made")
            #expect(try await Self.create(#"{"startsAt":"\#(tomorrow)",\#(place),"guestIds":["\#(bo.id)"]}"#, as: ann, on: server).status == 201)
        }
    }

    @Test("a cancelled invitation stays, marked cancelled; only the host cancels; answers and cancelling stop at the start", arguments: TestDatabase.available)
    func cancelling(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            let invitation = try await ann.client.createInvitation(body: .json(Self.creation(guests: [bo]))).created.body.json
            let byGuest = try await server.raw(.DELETE, "/invitations/\(invitation.id)", token: bo.token)
            #expect(byGuest.status == 403 && byGuest.errorCode == "forbidden")
            _ = try await ann.client.cancelInvitation(path: .init(invitationId: invitation.id)).noContent
            _ = try await ann.client.cancelInvitation(path: .init(invitationId: invitation.id)).noContent
            #expect(try await bo.client.getInvitation(path: .init(invitationId: invitation.id)).ok.body.json.status == .cancelled)
            #expect(try await bo.client.listInvitations(query: .init(box: .received)).ok.body.json.invitations.map(\.status) == [.cancelled])
            let reply = try await server.raw(.POST, "/invitations/\(invitation.id)/response", token: bo.token,
                                             headers: [("Content-Type", "application/json")], body: Data(#"{"response":"accept"}"#.utf8))
            #expect(reply.status == 409 && reply.errorCode == "conflict")

            // Once started, answers and cancelling are refused.
            let started = try await ann.client.createInvitation(body: .json(Self.creation(guests: [bo]))).created.body.json
            let row = try #require(try await Invitation.find(UUID(uuidString: started.id)!, on: server.app.db))
            row.startsAt = Date().addingTimeInterval(-60)
            try await row.save(on: server.app.db)
            let late = try await server.raw(.POST, "/invitations/\(started.id)/response", token: bo.token,
                                            headers: [("Content-Type", "application/json")], body: Data(#"{"response":"accept"}"#.utf8))
            #expect(late.status == 409)
            #expect(try await server.raw(.DELETE, "/invitations/\(started.id)", token: ann.token).status == 409)
        }
    }

    @Test("lists page latest start first, with a cursor", arguments: TestDatabase.available)
    func paging(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            try await server.befriend(ann, bo)
            var ids: [String] = []
            for hours in [30.0, 10, 20, 40, 50] {
                ids.append(try await ann.client.createInvitation(body: .json(Self.creation(in: hours, guests: [bo]))).created.body.json.id)
            }
            let expected = [ids[4], ids[3], ids[0], ids[2], ids[1]]
            var seen: [String] = []
            var cursor: String?
            repeat {
                let page = try await bo.client.listInvitations(query: .init(box: .received, limit: 2, cursor: cursor)).ok.body.json
                #expect(page.invitations.count <= 2)
                seen += page.invitations.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil && seen.count < 20  // a cursor that repeats a row must not loop forever
            #expect(seen == expected)
        }
    }

    @Test("for the live hub: joinable by the host and guests who accepted, not after cancelling; accepted guest ids", arguments: TestDatabase.available)
    func joining(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let di = try await server.newUser("Di")
            let stranger = try await server.newUser("Stranger")
            for guest in [bo, cy, di] { try await server.befriend(ann, guest) }
            let created = try await ann.client.createInvitation(body: .json(Self.creation(guests: [bo, cy, di], sport: .run, distance: 5_000)))
                .created.body.json
            _ = try await bo.client.respondToInvitation(path: .init(invitationId: created.id), body: .json(.init(response: .accept))).ok
            _ = try await cy.client.respondToInvitation(path: .init(invitationId: created.id), body: .json(.init(response: .decline))).ok

            let db = server.app.db
            let id = UUID(uuidString: created.id)!
            func uuid(_ user: TestUser) -> UUID { UUID(uuidString: user.id)! }
            let asHost = try #require(try await Invitation.joinable(InvitationID(id), by: UserID(uuid(ann)), on: db))
            #expect(asHost.$host.id == uuid(ann) && asHost.sport == .run && asHost.distanceMeters == 5_000 && asHost.liveSessionId == nil)
            #expect(asHost.startsAt.timeIntervalSince(created.startsAt).magnitude < 0.001)
            #expect(try await Invitation.joinable(InvitationID(id), by: UserID(uuid(bo)), on: db)?.id == id)
            for user in [cy, di, stranger] {
                #expect(try await Invitation.joinable(InvitationID(id), by: UserID(uuid(user)), on: db) == nil, "\(user.profile.displayName)")
            }
            #expect(try await Invitation.joinable(InvitationID(UUID()), by: UserID(uuid(ann)), on: db) == nil)
            #expect(try await Invitation.acceptedGuestIDs(of: id, on: db) == [uuid(bo)])

            _ = try await ann.client.cancelInvitation(path: .init(invitationId: created.id)).noContent
            #expect(try await Invitation.joinable(InvitationID(id), by: UserID(uuid(ann)), on: db) == nil)
            #expect(try await Invitation.joinable(InvitationID(id), by: UserID(uuid(bo)), on: db) == nil)
        }
    }

    @Test("every invitation operation needs a token", arguments: TestDatabase.available)
    func anonymous(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let id = UUID().uuidString
            let creation = #"{"startsAt":"\#(Self.iso(hours: 24))","place":{"latitude":1,"longitude":2},"guestIds":["\#(id)"]}"#
            for (method, path, body) in [
                ("GET", "/invitations", nil), ("POST", "/invitations", creation), ("GET", "/invitations/\(id)", nil),
                ("DELETE", "/invitations/\(id)", nil), ("POST", "/invitations/\(id)/response", #"{"response":"accept"}"#),
            ] as [(String, String, String?)] {
                let response = try await server.raw(.init(rawValue: method), path, headers: [("Content-Type", "application/json")],
                                                    body: body.map { Data($0.utf8) })
                #expect(response.status == 401 && response.errorCode == "unauthorized", "\(method) \(path): \(response.status)")
            }
        }
    }

    /// An ISO 8601 instant `hours` from now.
    static func iso(hours: Double) -> String {
        Date().addingTimeInterval(hours * 3600).formatted(.iso8601)
    }

    /// POST /invitations with a body by hand.
    static func create(_ body: String, as user: TestUser, on server: TestServer) async throws -> TestServer.RawResponse {
        try await server.raw(.POST, "/invitations", token: user.token, headers: [("Content-Type", "application/json")],
                             body: Data(body.utf8))
    }
}
