import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// The feed: friends' (and the viewer's own) recent runs, walks, badges and mission
/// milestones, newest first, each as its privacy allows.
///
/// A run shows as the run's privacy says; a badge as its owner's profile privacy says,
/// naming its run only when the viewer may see that run too; a mission milestone (a stage
/// or route completed, a mission finished) as its journey's privacy says.
enum ActivityFeed {
    /// The page of user `viewer` (their friends loaded here): `page(for:after:limit:on:)`.
    static func page(forUser viewer: UUID, after cursor: FeedCursor?, limit: Int,
                     on database: any Database) async throws -> (items: [Components.Schemas.FeedItem], next: String?) {
        try await page(for: try await Viewer.load(viewer, on: database), after: cursor, limit: limit, on: database)
    }

    /// A page of at most `limit` items after `cursor` (from the newest when nil), in
    /// `FeedCursor` order, and the cursor of the next page (nil on the last).
    /// - Complexity: five queries, each limited to `limit + 1` rows (runs, badges) or the
    ///   viewer's friends, plus a replay of each journey shared with the viewer (`MissionMilestones`).
    static func page(for viewer: Viewer, after cursor: FeedCursor?, limit: Int,
                     on database: any Database) async throws -> (items: [Components.Schemas.FeedItem], next: String?) {
        let members = Array(viewer.friendIDs) + [viewer.id]
        let users = try await User.query(on: database).filter(\.$id ~~ members).all()
        let byID = Dictionary(uniqueKeysWithValues: users.compactMap { user in user.id.map { ($0, user) } })

        var runQuery = Run.query(on: database).withoutTrack().filter(\.$owner.$id ~~ members).filter(\.$startTime != nil)
            .group(.or) { $0.filter(\.$owner.$id == viewer.id).filter(\.$privacy ~~ [Privacy.public, .friends, .friendsAndClubs]) }
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let cursor { runQuery = runQuery.filter(cursor.rowsAfter(of: .run, table: Run.schema, timeColumn: "start_time")) }
        let runs = try await runQuery.all()

        let badgeOwners = users.filter { viewer.maySee(owner: $0.id!, privacy: $0.defaultPrivacy) }.compactMap(\.id)
        var badgeQuery = EarnedBadge.query(on: database).filter(\.$user.$id ~~ badgeOwners)
            .sort(\.$earnedAt, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let cursor { badgeQuery = badgeQuery.filter(cursor.rowsAfter(of: .badge, table: EarnedBadge.schema, timeColumn: "earned_at")) }
        let badges = try await badgeQuery.all()
        let badgeRunIDs = badges.compactMap(\.runID)
        let badgeRuns = badgeRunIDs.isEmpty ? [] : try await Run.query(on: database).filter(\.$id ~~ badgeRunIDs)
            .field(\.$id).field(\.$owner.$id).field(\.$privacy).all()
        let visibleBadgeRuns = Set(badgeRuns.filter { viewer.maySee(owner: $0.$owner.id, privacy: $0.privacy) }.compactMap(\.id))

        // Every candidate in feed order, with its place; one that can't be shown keeps its
        // place, so that the page's cursor and the next page stay right.
        var entries: [(place: FeedCursor, item: Components.Schemas.FeedItem?)] = []
        for run in runs {
            guard let start = run.startTime, let id = run.id else { continue }
            let owner = byID[run.$owner.id]
            run.$owner.value = owner
            entries.append((FeedCursor(date: start, kind: .run, key: id.uuidString),
                            owner.map { .init(kind: .run, date: start, user: $0.summary, run: run.schema(seenBy: viewer.id)) }))
        }
        for badge in badges {
            guard let id = badge.id else { continue }
            let status = badge.schema(runVisible: badge.runID.map(visibleBadgeRuns.contains) ?? false)
            let item = byID[badge.$user.id].flatMap { owner in
                status.map { Components.Schemas.FeedItem(kind: .badge, date: badge.earnedAt, user: owner.summary, badge: $0) }
            }
            entries.append((FeedCursor(date: badge.earnedAt, kind: .badge, key: id.uuidString), item))
        }
        for milestone in try await missionMilestones(of: members, for: viewer, on: database) {
            let place = FeedCursor(date: milestone.date, kind: .mission, key: milestone.feedKey)
            guard cursor.map({ $0.precedes(place) }) ?? true else { continue }
            entries.append((place, byID[milestone.user].map {
                .init(kind: .mission, date: milestone.date, user: $0.summary, mission: milestone.feedSchema)
            }))
        }
        entries.sort { $0.place.precedes($1.place) }
        let page = Paging.page(entries, limit: limit) { $0.place.text }
        return (page.rows.compactMap(\.item), page.next)
    }

    /// The milestones of the journeys `members` share with `viewer`.
    private static func missionMilestones(of members: [UUID], for viewer: Viewer,
                                          on database: any Database) async throws -> [MissionMilestone] {
        let shared = try await JourneyRow.query(on: database).filter(\.$user.$id ~~ members).all()
            .filter { viewer.maySee(owner: $0.$user.id, privacy: $0.privacy) }
        return try await MissionMilestones.of(shared, on: database)
    }
}

extension MissionMilestone {
    /// What tells this milestone from others at its instant, in the feed's order.
    var feedKey: String { [user.uuidString, mission, route.map(String.init) ?? "", stage.map(String.init) ?? "", kind.rawValue].joined(separator: "/") }

    /// The milestone as a feed item shows it.
    var feedSchema: Components.Schemas.MissionMilestone {
        .init(kind: kind.schema, missionId: mission, missionName: missionName, name: name,
              medal: medal)
    }
}
