import Fluent
import PacelineCore

/// What follows a run being stored, whichever way it came (an upload, a live race, a live
/// follow): it keeps what the owner sent (`OriginalFile`), names the owner's default gear of its sport and the records it set
/// (`NewRecords`), its efforts on segments are found (`SegmentMatching`), the points of interest it passed are discovered, the owner's missions move by its credited distance, and the
/// badges it earned are stored; the club challenges it may move are marked for settling (`ChallengeFinishers`).
///
/// In that order, so that a plaque or a stage this run reached counts for its badges.
enum RunAftermath {
    /// Creates `run` and applies its consequences, with `alongside` (what else records the
    /// run: its workout log entry, its follow) in one transaction: a failure anywhere
    /// leaves none of it, so a retry finds nothing half done. `checkpoints`: the run's, as
    /// `RunRecorder` measured them; `original`: what the owner sent, which the run keeps,
    /// and `originalActivity`, which activity of it the run is (from 0: a file of several
    /// makes one run each).
    /// - Complexity: linear in the run's fixes, plus the owner's achievement facts.
    ///
    /// `batched`: the run is one of an import of many files. What reads the owner's whole
    /// history (the records it set, the marks of the runs after it, the badges) is left for
    /// `HistoryCatchUp`, once the import pauses, instead of done for each file: an import of
    /// thousands then takes linear time.
    static func store(_ run: Run, checkpoints: [Checkpoint]?, from activity: Activity, original: OriginalFile,
                      originalActivity: Int = 0, on database: any Database, batched: Bool = false,
                      alongside: @escaping @Sendable (any Database) async throws -> Void = { _ in }) async throws {
        // The owner's lock: the default gear read can't be deleted before the run names it.
        try await database.lockingUser(run.$owner.id) { transaction in
            run.originalID = try await original.keep(for: run.$owner.id, on: transaction)
            run.originalActivity = originalActivity
            if run.gearID == nil { run.gearID = try await GearBook.defaultPiece(of: run.$owner.id, for: run.sport, on: transaction) }
            run.newRecords = batched ? [] : try await NewRecords.measure(run, on: transaction)
            try await run.create(on: transaction)
            // An older activity imported now changes what came before the runs after it.
            if !batched, try await NewRecords.hasLater(than: run, on: transaction) {
                try await NewRecords.measureAll(of: run.$owner.id, sport: run.sport, on: transaction.sql)
            }
            try await alongside(transaction)
            try await apply(to: run, checkpoints: checkpoints, from: activity, on: transaction)
            if batched {
                try await HistoryCatchUp.leave(run.$owner.id, on: transaction)
            } else {
                try await AchievementBook.refresh(run.$owner.id, on: transaction)
                try await ChallengeFinishers.mark(after: run.$owner.id, sport: run.sport, start: run.startTime, on: transaction)
                try await FriendRecords.tell(of: run, on: transaction)
            }
        }
    }

    /// Applies the run's own consequences; `activity` is what the run was recorded from.
    private static func apply(to run: Run, checkpoints: [Checkpoint]?, from activity: Activity, on database: any Database) async throws {
        if let checkpoints {
            try await SegmentMatching.record(run, checkpoints: checkpoints, on: database)
        }
        let discovered = try await Discoveries.find(in: activity, on: database)
        try await Discoveries.record(discovered, run: run, on: database)
        try await MissionAdvancer.advance(for: run, on: database)
    }
}
