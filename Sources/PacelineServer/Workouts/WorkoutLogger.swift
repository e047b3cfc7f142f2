import Fluent
import Foundation
import PacelineCore

/// Adds a run done with a workout to the workout log: the summary is recomputed here
/// from the run's stored track with PacelineCore's workout session, whatever the phone showed.
///
/// The one way into the log, whether the workout was chosen at upload or afterwards.
enum WorkoutLogger {
    /// Replays `run`'s stored track through `workout` with the user's bands and stores the
    /// entry, with the plan and bands as they are now.
    ///
    /// 409 when the run is already in the log (a run is logged once); 422 when it has no
    /// timed GPS track to replay.
    /// - Complexity: O(n log n) in the run's fixes.
    @discardableResult
    static func log(_ run: Run, workout: Workout, on database: any Database) async throws -> WorkoutLogEntry {
        let runID = try run.requireID()
        if let existing = try await entry(of: runID, on: database) { throw alreadyLogged(as: existing) }
        let plan = try workout.plan
        let bands = try await WorkoutAccess.bands(of: run.$owner.id, on: database)
        let (session, _) = WorkoutSession.replay(try replayable(run), plan: plan, bands: bands)
        let entry = WorkoutLogEntry()
        entry.$user.id = run.$owner.id
        entry.$run.id = runID
        entry.$workout.id = try workout.requireID()
        entry.workoutName = workout.name
        entry.startTime = run.startTime ?? Date()
        entry.plan = plan
        entry.paceBands = bands
        entry.summary = session.summary
        do {
            try await entry.create(on: database)
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            // The same run logged concurrently: the other request's entry stands.
            guard let existing = try await self.entry(of: runID, on: database) else { throw error }
            throw alreadyLogged(as: existing)
        }
        return entry
    }

    /// The run's log entry, if it is in the log.
    static func entry(of runID: UUID, on database: any Database) async throws -> WorkoutLogEntry? {
        try await WorkoutLogEntry.query(on: database).filter(\.$run.$id == runID).first()
    }

    /// The run's activity, or 422 when there is no timed GPS position to measure intervals by.
    private static func replayable(_ run: Run) throws -> Activity {
        guard let activity = try? run.activity(),
              activity.track.fixes.contains(where: { $0.coordinate != nil && $0.time != nil }) else {
            throw Refusal(.unprocessable, code: "no_gps_track",
                           message: "the run has no timed GPS positions, so there is no workout to replay")
        }
        return activity
    }

    private static func alreadyLogged(as entry: WorkoutLogEntry) -> Refusal {
        .conflict("this run is already in your workout log (as \(entry.workoutName)); remove that entry to log it with another workout")
    }
}
