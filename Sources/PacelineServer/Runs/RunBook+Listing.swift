import Fluent
import Foundation

extension RunBook {
    /// A page of a runner's runs, newest first, and what a client syncing needs.
    struct Page {
        /// Read without their tracks, with their owner.
        var runs: [Run]
        /// With `since`: the runs deleted since then.
        var deletedIDs: [UUID]
        /// Absent on the last page.
        var next: String?
    }

    /// `user`'s runs, newest first, `limit` of them after `cursor` (a page's `next`); with
    /// `since`, only those changed since then, and the ids of those deleted since.
    static func page(of user: UUID, limit: Int, cursor: String?, changedSince since: Date?, on database: any Database) async throws -> Page {
        var query = Run.query(on: database).withoutTrack().field(\.$heatLines).filter(\.$owner.$id == user).with(\.$owner)
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit + 1)
        var deletedIDs: [UUID] = []
        if let since {
            query = query.filter(\.$updatedAt > since)
            deletedIDs = try await Run.query(on: database).withDeleted().filter(\.$owner.$id == user)
                .filter(\.$deletedAt > since).all(\.$id)
        }
        if let cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: Run.schema, timeColumn: "start_time"))
        }
        let (runs, next) = try Paging.page(try await query.all(), limit: limit) { run in
            try run.startTime.map { Paging.encode(time: $0, id: try run.requireID()) }
        }
        return Page(runs: runs, deletedIDs: deletedIDs, next: next)
    }
}
