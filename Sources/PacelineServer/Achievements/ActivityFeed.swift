import Fluent
import Foundation
import PacelineAPI

/// The feed: friends' (and the viewer's own) recent runs, walks, badges and mission
/// milestones, newest first, each as its privacy allows.
///
/// A run shows as the run's privacy says; a badge as its owner's profile privacy says,
/// naming its run only when the viewer may see that run too; a mission milestone (a stage
/// or route completed, a mission finished) as its journey's privacy says.
enum ActivityFeed {
    /// At most `limit` items older than `before`.
    /// - Complexity: five queries, each limited to `limit` rows (runs, badges) or the viewer's
    ///   friends, plus a replay of each journey shared with the viewer (`MissionMilestones`).
    static func items(for viewer: Viewer, before: Date?, limit: Int, on database: any Database) async throws -> [Components.Schemas.FeedItem] {
        let members = Array(viewer.friendIDs) + [viewer.id]
        let users = try await User.query(on: database).filter(\.$id ~~ members).all()
        let byID = Dictionary(uniqueKeysWithValues: users.compactMap { user in user.id.map { ($0, user) } })

        var runQuery = Run.query(on: database).withoutTrack().filter(\.$owner.$id ~~ members).filter(\.$startTime != nil)
            .group(.or) { $0.filter(\.$owner.$id == viewer.id).filter(\.$privacy ~~ [Privacy.publicLevel, Privacy.friendsLevel]) }
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit)
        if let before { runQuery = runQuery.filter(\.$startTime < before) }
        let runs = try await runQuery.all()

        let badgeOwners = users.filter { viewer.maySee(owner: $0.id!, privacy: $0.defaultPrivacy) }.compactMap(\.id)
        var badgeQuery = EarnedBadge.query(on: database).filter(\.$user.$id ~~ badgeOwners)
            .sort(\.$earnedAt, .descending).sort(\.$id, .descending).limit(limit)
        if let before { badgeQuery = badgeQuery.filter(\.$earnedAt < before) }
        let badges = try await badgeQuery.all()
        let badgeRunIDs = badges.compactMap(\.runID)
        let badgeRuns = badgeRunIDs.isEmpty ? [] : try await Run.query(on: database).filter(\.$id ~~ badgeRunIDs)
            .field(\.$id).field(\.$owner.$id).field(\.$privacy).all()
        let visibleBadgeRuns = Set(badgeRuns.filter { viewer.maySee(owner: $0.$owner.id, privacy: $0.privacy) }.compactMap(\.id))

        var items: [Components.Schemas.FeedItem] = []
        for run in runs {
            guard let owner = byID[run.$owner.id], let start = run.startTime else { continue }
            run.$owner.value = owner
            items.append(.init(kind: .run, date: start, user: owner.summary, run: run.schema))
        }
        for badge in badges {
            guard let owner = byID[badge.$user.id],
                  let status = badge.schema(runVisible: badge.runID.map(visibleBadgeRuns.contains) ?? false) else { continue }
            items.append(.init(kind: .badge, date: badge.earnedAt, user: owner.summary, badge: status))
        }
        for milestone in try await missionMilestones(of: members, for: viewer, before: before, on: database) {
            guard let owner = byID[milestone.user] else { continue }
            items.append(.init(kind: .mission, date: milestone.date, user: owner.summary, mission: milestone.feedSchema))
        }
        return Array(items.sorted { $0.date > $1.date }.prefix(limit))
    }

    /// The milestones of the journeys `members` share with `viewer`, older than `before`.
    private static func missionMilestones(of members: [UUID], for viewer: Viewer, before: Date?,
                                          on database: any Database) async throws -> [MissionMilestone] {
        let shared = try await JourneyRecord.query(on: database).filter(\.$user.$id ~~ members).all()
            .filter { viewer.maySee(owner: $0.$user.id, privacy: $0.privacy) }
        return try await MissionMilestones.of(shared, on: database).filter { milestone in before.map { milestone.date < $0 } ?? true }
    }
}

extension MissionMilestone {
    /// The milestone as a feed item shows it.
    var feedSchema: Components.Schemas.MissionMilestone {
        .init(kind: .init(rawValue: kind.rawValue) ?? .stage, missionId: mission, missionName: missionName, name: name,
              medal: medal.flatMap { .init(rawValue: $0.rawValue) })
    }
}
