import Foundation
import PacelineAPI

extension APIHandler {
    func listComments(_ input: Operations.ListComments.Input) async throws -> Operations.ListComments.Output {
        let page = try await CommentBook.page(of: input.path.runId, seenBy: AuthenticatedUser.current?.id,
                                              cursor: input.query.cursor, limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(page)))
    }

    func addComment(_ input: Operations.AddComment.Input) async throws -> Operations.AddComment.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let comment = try await limiter.counting(.comment(user: user.id)) {
            try await CommentBook.add(body.text, mentioning: body.mentionIds ?? [], on: input.path.runId, by: user.id, on: database)
        }
        return .created(.init(body: .json(comment)))
    }

    func deleteComment(_ input: Operations.DeleteComment.Input) async throws -> Operations.DeleteComment.Output {
        let user = try AuthenticatedUser.required()
        try await CommentBook.delete(input.path.commentId, on: input.path.runId, by: user.id, on: database)
        return .noContent(.init())
    }

    func reportComment(_ input: Operations.ReportComment.Input) async throws -> Operations.ReportComment.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await Moderation.report(input.path.commentId, reason: body.reason, by: user.id, on: database)
        return .noContent(.init())
    }

    func reportClub(_ input: Operations.ReportClub.Input) async throws -> Operations.ReportClub.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await Moderation.reportClub(input.path.clubId, reason: body.reason, by: user.id, on: database)
        return .noContent(.init())
    }

    func listReports(_ input: Operations.ListReports.Input) async throws -> Operations.ListReports.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await Moderation.openReports(for: user.id, limit: try Paging.limit(input.query.limit), on: database))))
    }

    func decideReport(_ input: Operations.DecideReport.Input) async throws -> Operations.DecideReport.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let decision: Report.Decision = switch body.action {
        case .hide: .hide
        case .ban: .ban
        case .dismiss: .dismiss
        }
        try await Moderation.decide(input.path.reportId, decision, by: user.id, on: database)
        return .noContent(.init())
    }
}
