import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Reports of comments, and the instance's admins' decisions on them: users report what
/// they may see (once each), admins (`paceline admin grant`) read the open reports, one
/// line per comment, and hide it, ban its writer (suspending the account: signed out
/// everywhere, no logging in, their comments hidden), or dismiss them.
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

    /// The open reports, one line per comment, the longest waiting first: 403 unless
    /// `user` is an admin.
    /// - Complexity: one grouped query on the reports, then the lines' reports and comments.
    static func openReports(for user: UUID, limit: Int, on database: any Database) async throws -> Components.Schemas.ReportList {
        try await requireAdmin(user, on: database)
        let waiting = try await database.sql.raw("""
            SELECT comment_id, MIN(created_at) AS first FROM reports WHERE decided_at IS NULL
            GROUP BY comment_id ORDER BY first, comment_id LIMIT \(bind: limit)
            """).all().map { try $0.decode(column: "comment_id", as: UUID.self) }
        guard !waiting.isEmpty else { return .init(reports: []) }
        let reports = try await Report.query(on: database).filter(\.$comment.$id ~~ waiting).filter(\.$decidedAt == nil)
            .sort(\.$createdAt).sort(\.$id).all()
        let comments = try await Comment.query(on: database).filter(\.$id ~~ waiting).with(\.$author).all()
        let runs = Dictionary(uniqueKeysWithValues: try await Run.query(on: database).withDeleted()
            .filter(\.$id ~~ comments.map(\.$run.id)).withoutTrack().all().compactMap { run in run.id.map { ($0, run) } })
        var lines: [Components.Schemas.Report] = []
        for comment in comments {
            let own = reports.filter { $0.$comment.id == comment.id }
            guard let first = own.first, let run = runs[comment.$run.id] else { continue }
            let shown = try await CommentBook.schema(of: [comment], on: run, seenBy: user, on: database)[0]
            lines.append(.init(id: try first.requireID().apiID, reports: own.count, reasons: Array(own.compactMap(\.reason).prefix(reasonsShown)),
                               reportedAt: first.createdAt ?? Date(), comment: shown, runId: comment.$run.id.apiID))
        }
        return .init(reports: lines.sorted { ($0.reportedAt, $0.id) < ($1.reportedAt, $1.id) })
    }

    /// `admin` decides report `id` and every open report of its comment: 403 unless an
    /// admin, 404 for no such report, 409 when it was decided, 422 for banning oneself.
    static func decide(_ id: String, _ decision: Report.Decision, by admin: UUID, on database: any Database) async throws {
        try await requireAdmin(admin, on: database)
        guard let uuid = UUID(uuidString: id), let report = try await Report.query(on: database).filter(\.$id == uuid).with(\.$comment).first()
        else { throw Refusal.notFound("report") }
        guard report.decidedAt == nil else { throw Refusal.conflict("the report was decided already") }
        let comment = report.comment
        let author = comment.$author.id
        if decision == .ban, author == admin { throw Refusal.unprocessable("you can't ban yourself") }
        try await database.retryingTransaction { transaction in
            try await Report.query(on: transaction).filter(\.$comment.$id == comment.requireID()).filter(\.$decidedAt == nil)
                .set(\.$decidedAt, to: Date()).set(\.$decision, to: decision).update()
            guard decision != .dismiss else { return }
            try await Comment.query(on: transaction).filter(\.$id == comment.requireID()).set(\.$hiddenAt, to: Date()).update()
            guard decision == .ban else { return }
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
