import Fluent
import Foundation

/// Deleting a run, and everything derived from it.
///
/// The track, name and description go, its photos, and its original unless another of the owner's
/// runs was made from it too (`RunOriginal.release`); the row stays as a tombstone for
/// clients syncing with `updatedSince`. Its kudos, comments, notifications about it, leaderboard places, segment efforts, workout log entry, discoveries and mission
/// advances go with it; the owner's badges are earned again from the runs that remain
/// (statistics, totals and points are always computed from those). A route made from the
/// run passes to another runner's run or goes with it (`RouteSuccession`). All in one
/// transaction: a run is deleted whole or not at all.
enum RunDeletion {
    /// Deletes `run`; what became of the route made from it, if any.
    @discardableResult
    static func delete(_ run: Run, on database: any Database) async throws -> RouteSuccession.Outcome? {
        let runID = try run.requireID()
        let owner = run.$owner.id
        // The owner's lock: an upload of the same file can't take up the original this
        // deletion lets go of, nor another deletion keep it for this run.
        return try await database.lockingUser(owner) { transaction in
            var outcome: RouteSuccession.Outcome?
            if let route = try await Route.query(on: transaction).filter(\.$run.$id == runID).first() {
                outcome = try await RouteSuccession.settle(route, leaving: runID, on: transaction)
            }
            try await RouteRun.query(on: transaction).filter(\.$run.$id == runID).delete()
            try await KudosBook.remove(of: RunID(runID), on: transaction)
            try await CommentBook.remove(of: RunID(runID), on: transaction)
            try await Notifications.remove(about: RunID(runID), on: transaction)
            // Its workout log entry summarised the run, which is gone: the log would link to a 404.
            try await WorkoutLogEntry.query(on: transaction).filter(\.$run.$id == runID).delete()
            try await DiscoveryRow.query(on: transaction).filter(\.$run.$id == runID).delete()
            try await SegmentEffortRow.query(on: transaction).filter(\.$run.$id == runID).delete()
            try await MissionAdvancer.withdraw(RunID(runID), of: UserID(owner), on: transaction)
            try await RunOriginal.release(run, on: transaction)
            try await RunPhoto.query(on: transaction).filter(\.$run.$id == runID).delete()
            run.track = Data()
            run.heatLines = nil  // its path too
            run.name = nil
            run.description = nil
            run.$route.id = nil
            try await run.save(on: transaction)
            try await run.delete(on: transaction)
            // The marks of later runs were measured with it among those before them.
            try await NewRecords.measureAll(of: owner, sport: run.sport, on: transaction.sql)
            // Badges are earned again from what remains: one the run earned is kept only if another run earns it too.
            try await EarnedBadge.query(on: transaction).filter(\.$user.$id == owner).delete()
            try await AchievementBook.refresh(owner, on: transaction)
            try await ChallengeFinishers.mark(after: owner, sport: run.sport, start: run.startTime, on: transaction)
            return outcome
        }
    }
}
