import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func getMyAchievements(_ input: Operations.GetMyAchievements.Input) async throws -> Operations.GetMyAchievements.Output {
        let user = try await currentUser()
        let report = try await AchievementBook.refresh(try user.requireID(), on: database)
        return .ok(.init(body: .json(report.schema(user: user, visibleRuns: { _ in true }))))
    }

    func getUserAchievements(_ input: Operations.GetUserAchievements.Input) async throws -> Operations.GetUserAchievements.Output {
        // Achievements follow the owner's profile privacy (`users.default_privacy`); a badge
        // names its run only when that run is visible too. The viewer's friends are loaded
        // once and decide both.
        let viewer: Viewer? = if let viewerID = AuthenticatedUser.current?.id { try await Viewer.load(viewerID, on: database) } else { nil }
        func maySee(_ owner: UUID, _ privacy: Privacy) -> Bool {
            viewer?.maySee(owner: owner, privacy: privacy) ?? (privacy == .public)
        }
        guard let id = UUID(uuidString: input.path.userId), let owner = try await User.find(id, on: database),
              maySee(id, owner.defaultPrivacy) else { throw Refusal.notFound("user") }
        let report = try await AchievementBook.refresh(id, on: database)
        let runIDs = report.badges.compactMap { $0.earnedBy.flatMap(UUID.init(uuidString:)) }
        let runs = runIDs.isEmpty ? [] : try await Run.query(on: database).filter(\.$id ~~ runIDs)
            .field(\.$id).field(\.$owner.$id).field(\.$privacy).all()
        let visible = Set(runs.filter { maySee($0.$owner.id, $0.privacy) }.compactMap(\.id))
        return .ok(.init(body: .json(report.schema(user: owner, visibleRuns: visible.contains))))
    }

    func getFriendsLeaderboard(_ input: Operations.GetFriendsLeaderboard.Input) async throws -> Operations.GetFriendsLeaderboard.Output {
        let viewer = try await Viewer.load(try AuthenticatedUser.required().id, on: database)
        return .ok(.init(body: .json(.init(entries: try await ScoreBoard.entries(for: viewer, on: database)))))
    }

    func getRunBadges(_ input: Operations.GetRunBadges.Input) async throws -> Operations.GetRunBadges.Output {
        let user = try AuthenticatedUser.required()
        let run = try await RunAccess.ownedRun(input.path.runId, by: user.id, on: database)
        let earned = try await EarnedBadge.query(on: database).filter(\.$runID == run.requireID()).sort(\.$earnedAt).all()
        return .ok(.init(body: .json(.init(badges: earned.compactMap { $0.schema(runVisible: true) }))))
    }

    func getFeed(_ input: Operations.GetFeed.Input) async throws -> Operations.GetFeed.Output {
        let viewer = try await Viewer.load(try AuthenticatedUser.required().id, on: reads)
        let limit = try Paging.limit(input.query.limit)
        let cursor = try input.query.cursor.map { try FeedCursor(text: $0) }
        let page = try await ActivityFeed.page(for: viewer, after: cursor, limit: limit, on: reads)
        return .ok(.init(body: .json(.init(items: page.items, nextCursor: page.next))))
    }
}
