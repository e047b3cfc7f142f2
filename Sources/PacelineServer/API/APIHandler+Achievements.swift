import PacelineAPI

extension APIHandler {
    func getMyAchievements(_ input: Operations.GetMyAchievements.Input) async throws -> Operations.GetMyAchievements.Output {
        let user = try await currentUser()
        let report = try await AchievementBook.refresh(try user.requireID(), on: database)
        return .ok(.init(body: .json(report.schema(user: user, visibleRuns: { _ in true }))))
    }

    func getUserAchievements(_ input: Operations.GetUserAchievements.Input) async throws -> Operations.GetUserAchievements.Output {
        let report = try await AchievementBook.report(ofUser: input.path.userId, seenBy: AuthenticatedUser.current?.id, on: database)
        return .ok(.init(body: .json(report)))
    }

    func getFriendsLeaderboard(_ input: Operations.GetFriendsLeaderboard.Input) async throws -> Operations.GetFriendsLeaderboard.Output {
        let entries = try await ScoreBoard.entries(forUser: try AuthenticatedUser.required().id, on: database)
        return .ok(.init(body: .json(.init(entries: entries))))
    }

    func getRunBadges(_ input: Operations.GetRunBadges.Input) async throws -> Operations.GetRunBadges.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await AchievementBook.badges(ofRun: input.path.runId, by: user.id, on: database))))
    }

    func getFeed(_ input: Operations.GetFeed.Input) async throws -> Operations.GetFeed.Output {
        let viewer = try AuthenticatedUser.required().id
        let limit = try Paging.limit(input.query.limit)
        let cursor = try input.query.cursor.map { try FeedCursor(text: $0) }
        let page = try await ActivityFeed.page(forUser: viewer, after: cursor, limit: limit, on: reads)
        return .ok(.init(body: .json(.init(items: page.items, nextCursor: page.next))))
    }
}
