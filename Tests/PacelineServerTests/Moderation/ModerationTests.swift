import Foundation
import PacelineAPI
import PacelineTestSupport
import Testing

/// Reports and their decisions: users report comments they may see, admins alone read and
/// decide them; a hidden comment is gone for everyone, a banned writer can't log in.
@Suite("Moderation")
struct ModerationTests {
    private static let json = [("Content-Type", "application/json")]

    @Test("reporting: only what one may see, not one's own, once each; only admins read and decide", arguments: TestDatabase.available)
    func reportsAndAdmins(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let cy = try await server.newUser("Cy")
            let admin = try await server.newUser("Admin")
            try await server.makeAdmin(admin)
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let secret = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=private").json?["id"] as? String)
            let rude = try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "rude words"))).created.body.json
            let hidden = try await ann.client.addComment(path: .init(runId: secret), body: .json(.init(text: "note to self"))).created.body.json
            let reason = Data(#"{"reason": "insulting"}"#.utf8)
            // Cy may not report a comment on a run Cy can't see, Bo not his own.
            #expect(try await server.raw(.POST, "/comments/\(hidden.id)/report", token: cy.token, headers: Self.json, body: reason).status == 404)
            #expect(try await server.raw(.POST, "/comments/\(rude.id)/report", token: bo.token, headers: Self.json, body: reason).status == 422)
            #expect(try await server.raw(.POST, "/comments/\(rude.id)/report", headers: Self.json, body: reason).status == 401)
            let long = Data(#"{"reason": "\#(String(repeating: "x", count: 501))"}"#.utf8)
            #expect(try await server.raw(.POST, "/comments/\(rude.id)/report", token: cy.token, headers: Self.json, body: long).status == 400)
            for user in [cy, cy, ann] {
                #expect(try await server.raw(.POST, "/comments/\(rude.id)/report", token: user.token, headers: Self.json, body: reason).status == 204)
            }
            // Only admins read the list: one line for the comment, reported by two.
            #expect(try await server.raw(.GET, "/admin/reports", token: ann.token).status == 403)
            #expect(try await server.raw(.GET, "/admin/reports").status == 401)
            let list = try await admin.client.listReports().ok.body.json.reports
            #expect(list.count == 1 && list[0].reports == 2 && list[0].comment?.text == "rude words" && list[0].runId == run)
            let decide = Data(#"{"action": "hide"}"#.utf8)
            #expect(try await server.raw(.POST, "/admin/reports/\(list[0].id)", token: ann.token, headers: Self.json, body: decide).status == 403)
            #expect(try await server.raw(.POST, "/admin/reports/\(UUID())", token: admin.token, headers: Self.json, body: decide).status == 404)
            // Hidden: gone for everyone, its writer too, and off the list.
            #expect(try await server.raw(.POST, "/admin/reports/\(list[0].id)", token: admin.token, headers: Self.json, body: decide).status == 204)
            #expect(try await server.raw(.POST, "/admin/reports/\(list[0].id)", token: admin.token, headers: Self.json, body: decide).status == 409)
            #expect(try await bo.client.listComments(path: .init(runId: run)).ok.body.json.comments.isEmpty)
            #expect(try await server.client().listComments(path: .init(runId: run)).ok.body.json.count == 0)
            #expect(try await admin.client.listReports().ok.body.json.reports.isEmpty)
        }
    }

    @Test("a ban suspends the writer: signed out, can't log in, their comments hidden; dismiss keeps the comment", arguments: TestDatabase.available)
    func banAndDismiss(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let ann = try await server.newUser("Ann")
            let bo = try await server.newUser("Bo")
            let admin = try await server.newUser("Admin")
            try await server.makeAdmin(admin)
            let run = try #require(try await server.upload("gpx/run.gpx", as: ann, query: "?privacy=public").json?["id"] as? String)
            let fine = try await ann.client.addComment(path: .init(runId: run), body: .json(.init(text: "thanks all"))).created.body.json
            let spam = try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "buy now"))).created.body.json
            let other = try await bo.client.addComment(path: .init(runId: run), body: .json(.init(text: "and more"))).created.body.json
            _ = try await bo.client.reportComment(path: .init(commentId: fine.id), body: .json(.init(reason: "nonsense"))).noContent
            _ = try await ann.client.reportComment(path: .init(commentId: spam.id), body: .json(.init())).noContent
            let reports = try await admin.client.listReports().ok.body.json.reports
            let fineReport = try #require(reports.first { $0.comment?.id == fine.id })
            let spamReport = try #require(reports.first { $0.comment?.id == spam.id })
            _ = try await admin.client.decideReport(path: .init(reportId: fineReport.id), body: .json(.init(action: .dismiss))).noContent
            // An admin can't ban themselves.
            let own = try await admin.client.addComment(path: .init(runId: run), body: .json(.init(text: "admin here"))).created.body.json
            _ = try await ann.client.reportComment(path: .init(commentId: own.id), body: .json(.init())).noContent
            let ownReport = try #require(try await admin.client.listReports().ok.body.json.reports.first { $0.comment?.id == own.id })
            #expect(try await server.raw(.POST, "/admin/reports/\(ownReport.id)", token: admin.token, headers: Self.json,
                                         body: Data(#"{"action": "ban"}"#.utf8)).status == 422)
            _ = try await admin.client.decideReport(path: .init(reportId: spamReport.id), body: .json(.init(action: .ban))).noContent
            // Bo is signed out and can't log in; every comment of his is hidden; Ann's stays.
            #expect(try await server.raw(.GET, "/me", token: bo.token).status == 401)
            let login = try await server.raw(.POST, "/auth/login", headers: Self.json,
                                             body: Data(#"{"email": "\#(bo.profile.email)", "password": "correct horse battery"}"#.utf8))
            #expect(login.status == 403 && String(decoding: login.body, as: UTF8.self).contains("suspended"))
            let shown = try await ann.client.listComments(path: .init(runId: run)).ok.body.json.comments.map(\.id)
            #expect(Set(shown) == [fine.id, own.id] && !shown.contains(other.id))
        }
    }

    @Test("a club reported and hidden is 404 to everyone, members too; banned, its owner is suspended", arguments: TestDatabase.available)
    func clubs(database: TestDatabase) async throws {
        try await withServer(database) { server in
            let owner = try await server.newUser("Owner")
            let member = try await server.newUser("Member")
            let stranger = try await server.newUser("Stranger")
            let admin = try await server.newUser("Admin")
            try await server.makeAdmin(admin)
            let club = try await owner.client.createClub(body: .json(.init(name: "Spam runners", description: "buy now", admission: .open))).created.body.json
            let hidden = try await owner.client.createClub(body: .json(.init(name: "Secret club", description: "", admission: .invitation))).created.body.json
            _ = try await member.client.joinClub(path: .init(clubId: club.id), body: .json(.init())).ok
            let reason = Data(#"{"reason": "spam"}"#.utf8), json = [("Content-Type", "application/json")]
            // Only what one may see; not one's own.
            #expect(try await server.raw(.POST, "/clubs/\(hidden.id)/report", token: stranger.token, headers: json, body: reason).status == 404)
            #expect(try await server.raw(.POST, "/clubs/\(club.id)/report", token: owner.token, headers: json, body: reason).status == 422)
            for user in [stranger, member, stranger] {
                #expect(try await server.raw(.POST, "/clubs/\(club.id)/report", token: user.token, headers: json, body: reason).status == 204)
            }
            let line = try #require(try await admin.client.listReports().ok.body.json.reports.first)
            #expect(line.reports == 2 && line.club?.name == "Spam runners" && line.club?.owner?.displayName == "Owner" && line.comment == nil)
            _ = try await admin.client.decideReport(path: .init(reportId: line.id), body: .json(.init(action: .ban))).noContent
            // Hidden: 404 to its member and to anyone searching; its owner suspended.
            #expect(try await server.raw(.GET, "/clubs/\(club.id)", token: member.token).status == 404)
            #expect(try await server.raw(.GET, "/me", token: owner.token).status == 401)
            #expect(try await admin.client.listReports().ok.body.json.reports.isEmpty)
        }
    }
}
