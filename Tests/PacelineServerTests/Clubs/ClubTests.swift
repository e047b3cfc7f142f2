import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Clubs: who sees a club and what of it, who joins and how, what each role may do to the
/// others, and the limits of what is sent.
@Suite("Clubs")
struct ClubTests {
    static let json = [("Content-Type", "application/json")]

    /// A club `owner` makes.
    static func club(_ owner: TestUser, _ name: String = "Tuesday Runners",
                     admission: Components.Schemas.ClubAdmission = .invitation) async throws -> Components.Schemas.Club {
        try await owner.client.createClub(body: .json(.init(name: name, description: "Tuesdays at 7", admission: admission))).created.body.json
    }

    /// `user` joins `club` with its link's secret.
    static func join(_ user: TestUser, _ club: Components.Schemas.Club) async throws -> Components.Schemas.Club {
        try await user.client.joinClub(path: .init(clubId: club.id), body: .json(.init(secret: club.invitationSecret))).ok.body.json
    }

    @Test("a non-member sees an invitation-only club only with its secret; guessed and old secrets open nothing",
          arguments: TestDatabase.available)
    func invitationOnlyIsHidden(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let eve = try await server.newUser("Eve")
            let club = try await Self.club(ann)
            let secret = try #require(club.invitationSecret)
            #expect(secret.count >= 40 && club.role == .owner && club.membership == .member && club.memberCount == 1)
            for path in ["", "/members", "/feed", "/leaderboard", "/members?status=requested"] {
                #expect(try await server.raw(.GET, "/clubs/\(club.id)\(path)", token: eve.token).status == 404, "\(path)")
            }
            #expect(try await server.raw(.GET, "/clubs/\(club.id)").status == 401)
            // A guessed secret, a near miss, and no secret: as if there were no club.
            // (A near miss differs in one character: its last, or the first after `cl_`.)
            let last = secret.last == "A" ? "B" : "A", third = secret.dropFirst(3).first == "A" ? "B" : "A"
            for guess in ["cl_guess", String(secret.dropLast()) + last, "cl_" + third + String(secret.dropFirst(4)), ""] {
                #expect(try await server.raw(.GET, "/clubs/\(club.id)?secret=\(guess)", token: eve.token).status == 404)
                let join = try await server.raw(.POST, "/clubs/\(club.id)/join", token: eve.token, headers: Self.json,
                                                body: Data(#"{"secret": "\#(guess)"}"#.utf8))
                #expect(join.status == 404)
            }
            #expect(try await server.raw(.POST, "/clubs/\(club.id)/join", token: eve.token, headers: Self.json, body: Data("{}".utf8)).status == 404)
            // With the secret: the name, description and count, not the secret nor the members.
            let seen = try await eve.client.getClub(path: .init(clubId: club.id), query: .init(secret: secret)).ok.body.json
            #expect(seen.name == "Tuesday Runners" && seen.memberCount == 1 && seen.invitationSecret == nil && seen.membership == nil)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/members", token: eve.token).status == 404)
            // Renewed, the old link opens nothing, the new one does.
            let renewed = try await ann.client.renewClubInvitation(path: .init(clubId: club.id)).ok.body.json
            #expect(renewed.invitationSecret != secret)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)?secret=\(secret)", token: eve.token).status == 404)
            let oldJoin = try await server.raw(.POST, "/clubs/\(club.id)/join", token: eve.token, headers: Self.json,
                                               body: Data(#"{"secret": "\#(secret)"}"#.utf8))
            #expect(oldJoin.status == 404)
            let joined = try await Self.join(eve, renewed)
            #expect(joined.membership == .member && joined.role == .member && joined.memberCount == 2 && joined.invitationSecret == nil)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_memberships") == 2)
        }
    }

    @Test("nobody promotes themselves, removes the owner, or acts above their role", arguments: TestDatabase.available)
    func roles(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let dee = try await server.newUser("Dee")
            let club = try await Self.club(ann)
            for user in [bo, cy, dee] { _ = try await Self.join(user, club) }
            let role = { (token: String, user: TestUser, role: String) in
                try await server.raw(.PUT, "/clubs/\(club.id)/members/\(user.id)/role", token: token, headers: Self.json,
                                     body: Data(#"{"role": "\#(role)"}"#.utf8)).status
            }
            // A member makes nobody an admin, themselves neither, and takes no ownership.
            #expect(try await role(bo.token, bo, "admin") == 403)
            #expect(try await role(bo.token, cy, "admin") == 403)
            #expect(try await role(ann.token, bo, "owner") == 400)
            let grab = try await server.raw(.PUT, "/clubs/\(club.id)/owner", token: bo.token, headers: Self.json,
                                            body: Data(#"{"userId": "\#(bo.id)"}"#.utf8))
            #expect(grab.status == 403)
            // The owner names Bo an admin; Bo can't name Cy one, nor remove or ban the owner.
            #expect(try await role(ann.token, bo, "admin") == 204)
            #expect(try await role(bo.token, cy, "admin") == 403)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/members/\(ann.id)", token: bo.token).status == 403)
            #expect(try await server.raw(.PUT, "/clubs/\(club.id)/bans/\(ann.id)", token: bo.token).status == 403)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)", token: bo.token).status == 403)
            // A member removes nobody.
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/members/\(dee.id)", token: cy.token).status == 403)
            // Cy made an admin too: one admin doesn't remove another; the owner does.
            #expect(try await role(ann.token, cy, "admin") == 204)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/members/\(cy.id)", token: bo.token).status == 403)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/members/\(dee.id)", token: bo.token).status == 204)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/members/\(cy.id)", token: ann.token).status == 204)
            #expect(try await server.raw(.DELETE, "/clubs/\(club.id)/members/\(UUID())", token: ann.token).status == 404)
            // The owner can't leave before passing the club on, then can.
            let leave = try await server.raw(.POST, "/clubs/\(club.id)/leave", token: ann.token)
            #expect(leave.status == 409 && leave.errorCode == "owner_must_transfer")
            _ = try await ann.client.transferClubOwnership(path: .init(clubId: club.id), body: .json(.init(userId: bo.id))).noContent
            let members = try await bo.client.listClubMembers(path: .init(clubId: club.id)).ok.body.json.members
            #expect(members.map(\.user.displayName) == ["Ann", "Bo"] && members.map(\.role) == [.admin, .owner])
            #expect(try await server.raw(.POST, "/clubs/\(club.id)/leave", token: ann.token).status == 204)
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_memberships WHERE role = 'owner'") == 1)
            // Only the owner deletes the club, and its memberships go with it.
            _ = try await bo.client.deleteClub(path: .init(clubId: club.id)).noContent
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_memberships") == 0)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)", token: bo.token).status == 404)
        }
    }

    @Test("a banned user neither joins again nor asks to; a lifted ban lets them", arguments: TestDatabase.available)
    func bans(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let eve = try await server.newUser("Eve")
            let open = try await Self.club(ann, "Parkrun Crew", admission: .open)
            _ = try await eve.client.joinClub(path: .init(clubId: open.id), body: .json(.init())).ok
            #expect(try await server.raw(.PUT, "/clubs/\(open.id)/bans/\(eve.id)", token: ann.token).status == 204)
            #expect(try await server.raw(.PUT, "/clubs/\(open.id)/bans/\(eve.id)", token: ann.token).status == 204)
            let again = try await server.raw(.POST, "/clubs/\(open.id)/join", token: eve.token, headers: Self.json, body: Data("{}".utf8))
            #expect(again.status == 403 && again.errorCode == "banned")
            #expect(try await server.raw(.GET, "/clubs/\(open.id)/members", token: eve.token).status == 403)
            let bans = try await ann.client.listClubMembers(path: .init(clubId: open.id), query: .init(status: .banned)).ok.body.json
            #expect(bans.members.map(\.user.displayName) == ["Eve"])
            // Banned from a club by approval before ever asking: with the link, still nothing.
            let approval = try await Self.club(ann, "Track Club", admission: .approval)
            #expect(try await server.raw(.PUT, "/clubs/\(approval.id)/bans/\(eve.id)", token: ann.token).status == 204)
            let ask = try await server.raw(.POST, "/clubs/\(approval.id)/join", token: eve.token, headers: Self.json,
                                           body: Data(#"{"secret": "\#(approval.invitationSecret!)"}"#.utf8))
            #expect(ask.status == 404)
            #expect(try await server.raw(.PUT, "/clubs/\(approval.id)/bans/\(UUID())", token: ann.token).status == 404)
            // Lifted, Eve may join the open club again.
            #expect(try await server.raw(.DELETE, "/clubs/\(open.id)/bans/\(eve.id)", token: ann.token).status == 204)
            #expect(try await eve.client.joinClub(path: .init(clubId: open.id), body: .json(.init())).ok.body.json.membership == .member)
        }
    }

    @Test("a club by approval: the link asks, an admin approves or declines", arguments: TestDatabase.available)
    func approval(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let club = try await Self.club(ann, "Track Club", admission: .approval)
            #expect(try await Self.join(bo, club).membership == .requested)
            #expect(try await Self.join(cy, club).membership == .requested)
            #expect(try await Self.join(bo, club).membership == .requested)  // asking twice is one request
            // Asking isn't being a member: nothing of the club's inside.
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/feed", token: bo.token).status == 403)
            #expect(try await server.raw(.POST, "/clubs/\(club.id)/members/\(cy.id)/approve", token: bo.token).status == 403)
            let asked = try await ann.client.listClubMembers(path: .init(clubId: club.id), query: .init(status: .requested)).ok.body.json
            #expect(asked.members.map(\.user.displayName) == ["Bo", "Cy"])
            _ = try await ann.client.approveClubMember(path: .init(clubId: club.id, userId: bo.id)).noContent
            #expect(try await server.raw(.POST, "/clubs/\(club.id)/members/\(bo.id)/approve", token: ann.token).status == 404)
            _ = try await ann.client.removeClubMember(path: .init(clubId: club.id, userId: cy.id)).noContent
            let mine = try await bo.client.listMyClubs().ok.body.json.clubs
            #expect(mine.map(\.name) == ["Track Club"] && mine[0].membership == .member && mine[0].memberCount == 2)
            #expect(try await cy.client.listMyClubs().ok.body.json.clubs.isEmpty)
        }
    }

    @Test("open clubs are found by name, others never; limits are checked", arguments: TestDatabase.available)
    func searchAndLimits(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            _ = try await Self.club(ann, "Süd Läufer", admission: .open)
            _ = try await Self.club(ann, "Südhang Secret", admission: .invitation)
            let found = try await bo.client.searchClubs(query: .init(name: "sud")).ok.body.json.clubs
            #expect(found.map(\.name) == ["Süd Läufer"] && found[0].memberCount == 1 && found[0].membership == nil)
            #expect(found[0].invitationSecret == nil)
            #expect(try await server.raw(.GET, "/clubs/search?name=%25", token: bo.token).status == 200)
            #expect(try await server.raw(.GET, "/clubs/search?name=", token: bo.token).status == 400)
            for body in [#"{"name": "", "admission": "open"}"#, #"{"name": "   ", "admission": "open"}"#,
                         #"{"name": "\#(String(repeating: "a", count: 81))", "admission": "open"}"#,
                         #"{"name": "ok", "description": "\#(String(repeating: "a", count: 2001))", "admission": "open"}"#,
                         #"{"name": "ok", "admission": "secret"}"#, #"{"name": "ok"}"#, #"{"name": "a\u0000b", "admission": "open"}"#] {
                let response = try await server.raw(.POST, "/clubs", token: ann.token, headers: Self.json, body: Data(body.utf8))
                #expect(response.status == 400, "\(body)")
            }
            let club = try await Self.club(ann, String(repeating: "é", count: 80), admission: .open)
            #expect(club.name.count == 80)
            for query in ["period=year", "measure=speed", "sport=swimming", "limit=0", "limit=101"] {
                #expect(try await server.raw(.GET, "/clubs/\(club.id)/leaderboard?\(query)", token: ann.token).status == 400, "\(query)")
            }
            #expect(try await server.raw(.GET, "/clubs/not-a-club", token: ann.token).status == 404)
            #expect(try await server.raw(.GET, "/clubs/\(club.id)/feed?cursor=nonsense", token: ann.token).status == 400)
            let rename = try await server.raw(.PATCH, "/clubs/\(club.id)", token: bo.token, headers: Self.json, body: Data(#"{"name": "Mine"}"#.utf8))
            #expect(rename.status == 403)
            let renamed = try await ann.client.updateClub(path: .init(clubId: club.id), body: .json(.init(name: "Hill Club"))).ok.body.json
            #expect(renamed.name == "Hill Club" && renamed.admission == .open)
        }
    }

    @Test("an owner's account deleted, the club passes to its longest-standing admin, else member; alone, it goes",
          arguments: TestDatabase.available)
    func ownerDeletesTheirAccount(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let club = try await Self.club(ann)
            _ = try await Self.join(bo, club)
            _ = try await Self.join(cy, club)
            _ = try await ann.client.setClubMemberRole(path: .init(clubId: club.id, userId: cy.id), body: .json(.init(role: .admin))).noContent
            _ = try await Self.club(ann, "Solo")
            let gone = try await server.raw(.DELETE, "/me", token: ann.token, headers: Self.json,
                                            body: Data(#"{"password": "correct horse battery"}"#.utf8))
            #expect(gone.status == 204)
            let members = try await bo.client.listClubMembers(path: .init(clubId: club.id)).ok.body.json.members
            #expect(members.map(\.user.displayName) == ["Bo", "Cy"] && members.map(\.role) == [.member, .owner])
            #expect(try await server.count("SELECT COUNT(*) AS n FROM clubs WHERE name = 'Solo'") == 0)
        }
    }

    @Test("joins at once make one membership; two transfers at once leave one owner", arguments: TestDatabase.available)
    func atOnce(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let club = try await Self.club(ann)
            let joins = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await server.raw(.POST, "/clubs/\(club.id)/join", token: bo.token, headers: Self.json,
                                             body: Data(#"{"secret": "\#(club.invitationSecret!)"}"#.utf8)).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(joins.allSatisfy { $0 == 200 })
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_memberships") == 2)
            _ = try await Self.join(cy, club)
            let transfers = try await withThrowingTaskGroup(of: Int.self) { group in
                for heir in [bo, cy] {
                    group.addTask {
                        try await server.raw(.PUT, "/clubs/\(club.id)/owner", token: ann.token, headers: Self.json,
                                             body: Data(#"{"userId": "\#(heir.id)"}"#.utf8)).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(transfers.contains(204))
            #expect(try await server.count("SELECT COUNT(*) AS n FROM club_memberships WHERE role = 'owner'") == 1)
        }
    }
}
