import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Points among a user's friends and the user: friends whose profile is private are left out.
enum ScoreBoard {
    /// The entries of user `viewer` (their friends loaded here), highest first (`entries(for:on:)`).
    static func entries(forUser viewer: UUID, on database: any Database) async throws -> [Components.Schemas.ScoreEntry] {
        try await entries(for: try await Viewer.load(viewer, on: database), on: database)
    }

    /// The entries, highest first; ties share a rank and are ordered by name.
    /// - Complexity: the members' facts gathered together (a constant number of queries,
    ///   whatever the number of members), one query of badges; linear in the members' runs.
    static func entries(for viewer: Viewer, on database: any Database) async throws -> [Components.Schemas.ScoreEntry] {
        let members = try await User.query(on: database).filter(\.$id ~~ (Array(viewer.friendIDs) + [viewer.id])).all()
            .filter { viewer.maySee(owner: $0.id!, privacy: $0.defaultPrivacy) }
        let earned = try await EarnedBadge.query(on: database).filter(\.$user.$id ~~ members.compactMap(\.id))
            .field(\.$id).field(\.$user.$id).all()
        var badgeCounts: [UUID: Int] = [:]
        for badge in earned { badgeCounts[badge.$user.id, default: 0] += 1 }
        let facts = try await AchievementSources.facts(of: members.map { try $0.requireID() }, detail: .points, on: database)
        var scored = members.map { (user: $0, points: Points(facts[$0.id!] ?? AchievementFacts()).total) }
        scored.sort { ($0.points, $1.user.displayName) > ($1.points, $0.user.displayName) }
        var entries: [Components.Schemas.ScoreEntry] = []
        for (index, entry) in scored.enumerated() {
            let rank = index > 0 && scored[index - 1].points == entry.points ? entries[index - 1].rank : index + 1
            entries.append(.init(rank: rank, user: entry.user.summary, points: entry.points,
                                 badges: badgeCounts[entry.user.id!] ?? 0, isMe: entry.user.id == viewer.id))
        }
        return entries
    }
}
