import Fluent
import PacelineCore

/// What follows a run being stored, whichever way it came (an upload, a live race, a live
/// follow): the points of interest it passed are discovered, the owner's missions move by
/// its verified distance, and the badges it earned are stored.
///
/// In that order, so that a plaque or a stage this run reached counts for its badges.
enum RunAftermath {
    /// Applies the run's consequences; `activity` is what the run was recorded from.
    /// - Complexity: linear in the run's fixes, plus the owner's achievement facts.
    static func apply(to run: Run, from activity: Activity, on database: any Database) async throws {
        let discovered = try await Discoveries.find(in: activity, on: database)
        try await Discoveries.record(discovered, run: run, on: database)
        try await MissionAdvancer.advance(for: run, track: activity.track, on: database)
        try await AchievementBook.refresh(run.$owner.id, on: database)
    }
}
