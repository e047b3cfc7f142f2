import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Reports of comments and clubs, and the instance's admins' decisions on them: users
/// report what they may see (once each), admins (`paceline admin grant`) read the open
/// reports, one line per comment or club, and hide it, ban its writer or owner (suspending
/// the account: signed out everywhere, no logging in, their comments hidden), or dismiss them.
package enum Moderation {
    /// The longest reason a reporter gives, in characters.
    static let maximumReasonCharacters = 500
    /// The most reasons a line of the list shows.
    static let reasonsShown = 10

    /// `reporter` reports comment `id` (again: nothing changes): 404 unless they may see
    /// it, 422 `own_comment` for their own, 400 for a reason too long.
    static func report(_ id: String, reason: String?, by reporter: UUID, on database: any Database) async throws {
        let reason = try TextInput.checked(reason, "reason", .init(characters: maximumReasonCharacters))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let comment = try await CommentBook.visibleComment(id, to: reporter, on: database)
        guard comment.$author.id != reporter else {
            throw Refusal(.unprocessable, code: "own_comment", message: "you can delete your own comment instead of reporting it")
        }
        try await database.sql.insert(into: Report.schema)
            .columns("id", "reporter_id", "comment_id", "reason", "created_at")
            .values(SQLBind(UUID()), SQLBind(reporter), SQLBind(try comment.requireID()),
                    SQLBind(reason.flatMap { $0.isEmpty ? nil : $0 }), SQLBind(Date()))
            .ignoringConflicts(with: ["reporter_id", "comment_id"])
            .run()
    }

    /// `reporter` reports club `id` (again: nothing changes): 404 unless they may see it,
    /// 422 `own_club` for its owner, 400 for a reason too long.
    static func reportClub(_ id: String, reason: String?, by reporter: UUID, on database: any Database) async throws {
        let reason = try TextInput.checked(reason, "reason", .init(characters: maximumReasonCharacters))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let seen = try await ClubAccess.seen(id, by: reporter, on: database)
        guard seen.role != .owner else {
            throw Refusal(.unprocessable, code: "own_club", message: "you own this club: change or delete it instead of reporting it")
        }
        try await database.sql.insert(into: Report.schema)
            .columns("id", "reporter_id", "club_id", "reason", "created_at")
            .values(SQLBind(UUID()), SQLBind(reporter), SQLBind(try seen.club.requireID()),
                    SQLBind(reason.flatMap { $0.isEmpty ? nil : $0 }), SQLBind(Date()))
            .ignoringConflicts(with: ["reporter_id", "club_id"])
            .run()
    }

    /// The open reports, one line per comment or club, the longest waiting first: 403
    /// unless `user` is an admin.
    /// - Complexity: one grouped query on the reports, then the lines' reports, comments and clubs.
    static func openReports(for user: UUID, limit: Int, on database: any Database) async throws -> Components.Schemas.ReportList {
        try await requireAdmin(user, on: database)
        let waiting = try await database.sql.raw("""
            SELECT comment_id, club_id, MIN(created_at) AS first FROM reports WHERE decided_at IS NULL
            GROUP BY comment_id, club_id ORDER BY first, comment_id, club_id LIMIT \(bind: limit)
            """).all()
        let commentIDs = try waiting.compactMap { try $0.decode(column: "comment_id", as: UUID?.self) }
        let clubIDs = try waiting.compactMap { try $0.decode(column: "club_id", as: UUID?.self) }
        guard !waiting.isEmpty else { return .init(reports: []) }
        let reports = try await Report.query(on: database).filter(\.$decidedAt == nil)
            .group(.or) { $0.filter(\.$comment.$id ~~ commentIDs).filter(\.$clubID ~~ clubIDs) }
            .sort(\.$createdAt).sort(\.$id).all()
        var lines = try await commentLines(commentIDs, reports: reports, for: user, on: database)
        lines += try await clubLines(clubIDs, reports: reports, on: database)
        return .init(reports: lines.sorted { ($0.reportedAt, $0.id) < ($1.reportedAt, $1.id) })
    }

    /// A line of `reports` (the first, the count, the reasons), for what they are about.
    private static func line(_ reports: [Report], comment: Components.Schemas.Comment? = nil, runID: UUID? = nil,
                             club: Components.Schemas.ReportedClub? = nil) throws -> Components.Schemas.Report? {
        guard let first = reports.first else { return nil }
        return .init(id: try first.requireID().apiID, reports: reports.count, reasons: Array(reports.compactMap(\.reason).prefix(reasonsShown)),
                     reportedAt: first.createdAt ?? Date(), comment: comment, runId: runID?.apiID, club: club)
    }

    private static func commentLines(_ ids: [UUID], reports: [Report], for user: UUID, on database: any Database) async throws
        -> [Components.Schemas.Report]
    {
        guard !ids.isEmpty else { return [] }
        let comments = try await Comment.query(on: database).filter(\.$id ~~ ids).with(\.$author).all()
        let runs = Dictionary(uniqueKeysWithValues: try await Run.query(on: database).withDeleted()
            .filter(\.$id ~~ comments.map(\.$run.id)).withoutTrack().all().compactMap { run in run.id.map { ($0, run) } })
        var lines: [Components.Schemas.Report] = []
        for comment in comments {
            guard let run = runs[comment.$run.id] else { continue }
            let shown = try await CommentBook.schema(of: [comment], on: run, seenBy: user, on: database)[0]
            if let line = try line(reports.filter { $0.$comment.id == comment.id }, comment: shown, runID: comment.$run.id) { lines.append(line) }
        }
        return lines
    }

    private static func clubLines(_ ids: [UUID], reports: [Report], on database: any Database) async throws -> [Components.Schemas.Report] {
        guard !ids.isEmpty else { return [] }
        var lines: [Components.Schemas.Report] = []
        for club in try await Club.query(on: database).filter(\.$id ~~ ids).all() {
            let clubID = try club.requireID()
            let owner = try await ClubMembership.query(on: database).filter(\.$club.$id == clubID)
                .filter(\.$role == .owner).with(\.$user).first()
            let reported = Components.Schemas.ReportedClub(id: clubID.apiID, name: club.name, description: club.description,
                                                           owner: owner?.user.summary)
            if let line = try line(reports.filter { $0.clubID == clubID }, club: reported) { lines.append(line) }
        }
        return lines
    }

    /// `admin` decides report `id` and every open report of its comment or club: 403 unless
    /// an admin, 404 for no such report, 409 when it was decided, 422 for banning oneself.
    /// Hiding a club makes it 404 to everyone; a ban suspends the comment's writer or the
    /// club's owner as well.
    static func decide(_ id: String, _ decision: Report.Decision, by admin: UUID, on database: any Database) async throws {
        try await requireAdmin(admin, on: database)
        guard let uuid = UUID(uuidString: id), let report = try await Report.find(uuid, on: database) else { throw Refusal.notFound("report") }
        guard report.decidedAt == nil else { throw Refusal.conflict("the report was decided already") }
        let author: UUID?
        if let commentID = report.$comment.id {
            author = try await Comment.find(commentID, on: database)?.$author.id
        } else if let clubID = report.clubID {
            author = try await ClubMembership.query(on: database).filter(\.$club.$id == clubID).filter(\.$role == .owner).first()?.$user.id
        } else { author = nil }
        if decision == .ban, author == admin { throw Refusal.unprocessable("you can't ban yourself") }
        try await database.retryingTransaction { transaction in
            var same = Report.query(on: transaction).filter(\.$decidedAt == nil)
            if let commentID = report.$comment.id { same = same.filter(\.$comment.$id == commentID) } else { same = same.filter(\.$clubID == report.clubID) }
            try await same.set(\.$decidedAt, to: Date()).set(\.$decision, to: decision).update()
            guard decision != .dismiss else { return }
            if let commentID = report.$comment.id {
                try await Comment.query(on: transaction).filter(\.$id == commentID).set(\.$hiddenAt, to: Date()).update()
            } else if let clubID = report.clubID {
                try await Club.query(on: transaction).filter(\.$id == clubID).set(\.$hiddenAt, to: Date()).update()
            }
            guard decision == .ban, let author else { return }
            try await User.query(on: transaction).filter(\.$id == author).filter(\.$suspendedAt == nil).set(\.$suspendedAt, to: Date()).update()
            try await Token.query(on: transaction).filter(\.$user.$id == author).delete()
        }
    }

    /// Makes the account with `email` an admin (`isAdmin`) or no longer one; false when
    /// there is no such account.
    package static func setAdmin(email: String, _ isAdmin: Bool, on database: any Database) async throws -> Bool {
        let email = email.trimmingCharacters(in: .whitespaces).lowercased()
        guard let user = try await User.query(on: database).filter(\.$email == email).first() else { return false }
        user.isAdmin = isAdmin
        try await user.save(on: database)
        return true
    }

    /// The emails of the instance's admins, sorted.
    package static func admins(on database: any Database) async throws -> [String] {
        try await User.query(on: database).filter(\.$isAdmin == true).sort(\.$email).all().map(\.email)
    }

    private static func requireAdmin(_ user: UUID, on database: any Database) async throws {
        guard try await User.query(on: database).filter(\.$id == user).filter(\.$isAdmin == true).first() != nil else {
            throw Refusal.forbidden("only the instance's admins decide reports")
        }
    }
}
