import Foundation
import PacelineAPI

/// What a club's members read together: its feed and its leaderboards (`ClubFeed`, `ClubBoard`).
extension APIHandler {
    func getClubFeed(_ input: Operations.GetClubFeed.Input) async throws -> Operations.GetClubFeed.Output {
        let user = try AuthenticatedUser.required()
        let limit = try Paging.limit(input.query.limit)
        let cursor = try input.query.cursor.map { try FeedCursor(text: $0) }
        let page = try await ClubFeed.page(of: input.path.clubId, seenBy: user.id, after: cursor, limit: limit, on: reads)
        return .ok(.init(body: .json(.init(items: page.items, nextCursor: page.next))))
    }

    func getClubLeaderboard(_ input: Operations.GetClubLeaderboard.Input) async throws -> Operations.GetClubLeaderboard.Output {
        let user = try AuthenticatedUser.required()
        let board = try await ClubBoard.board(
            of: input.path.clubId, seenBy: user.id, period: input.query.period.map(ClubBoard.Period.init) ?? .week,
            sport: input.query.sport ?? .run, measure: input.query.measure.map(ClubBoard.Measure.init) ?? .distance,
            limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(board)))
    }
}
