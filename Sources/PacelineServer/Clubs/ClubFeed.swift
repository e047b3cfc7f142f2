import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// A club's feed: its members' activities that the viewer may see (`Privacy`'s rule in
/// SQL), newest first, as run items of the activity feed (`ActivityFeed`), in its order and
/// with its cursors (`FeedCursor`), so a client pages both alike.
enum ClubFeed {
    /// A page of at most `limit` activities after `cursor`, and the next page's cursor (nil
    /// on the last); members only.
    /// - Complexity: one query of at most `limit + 1` runs (members by subquery, never a
    ///   list of thousands of binds), and one of their owners.
    static func page(of id: String, seenBy viewer: UUID, after cursor: FeedCursor?, limit: Int,
                     on database: any Database) async throws -> (items: [Components.Schemas.FeedItem], next: String?) {
        let clubID = try await ClubAccess.member(id, viewer, on: database).club.requireID()
        let members: SQLQueryString = """
            runs.owner_id IN (SELECT user_id FROM club_memberships WHERE club_id = \(bind: clubID)
                              AND status = \(bind: ClubMembership.Status.member.rawValue))
            """
        let visible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "runs"),
                                        privacy: SQLColumn("privacy", table: "runs"))
        var query = Run.query(on: database).withoutTrack().filter(\.$startTime != nil)
            .filter(.sql(embed: members)).filter(.sql(embed: visible))
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let cursor { query = query.filter(cursor.rowsAfter(of: .run, table: Run.schema, timeColumn: "start_time")) }
        let runs = try await query.all()
        let owners = try await User.query(on: database).filter(\.$id ~~ Set(runs.map(\.$owner.id))).all()
        let byID = Dictionary(uniqueKeysWithValues: owners.compactMap { user in user.id.map { ($0, user) } })
        let entries: [(place: FeedCursor, item: Components.Schemas.FeedItem?)] = runs.compactMap { run in
            guard let start = run.startTime, let id = run.id else { return nil }
            let owner = byID[run.$owner.id]
            run.$owner.value = owner
            return (FeedCursor(date: start, kind: .run, key: id.uuidString),
                    owner.map { .init(kind: .run, date: start, user: $0.summary, run: run.schema(seenBy: viewer)) })
        }
        let page = Paging.page(entries, limit: limit) { $0.place.text }
        return (page.rows.compactMap(\.item), page.next)
    }
}
