import Fluent
import Foundation
import PacelineCore

/// Adds a run done with a workout to the workout log: the summary is recomputed here
/// from the run's stored track with PacelineCore's workout session, whatever the phone showed.
enum WorkoutLogger {
    /// Replays `run`'s stored track through `workout` with the user's bands and stores the entry.
    /// - Complexity: O(n log n) in the run's fixes.
    static func log(_ run: Run, workout: Workout, on database: any Database) async throws {
        let plan = try workout.plan
        let bands = try await WorkoutAccess.bands(of: run.$owner.id, on: database)
        let (session, _) = WorkoutSession.replay(try run.activity(), plan: plan, bands: bands)
        let entry = WorkoutLogEntry()
        entry.$user.id = run.$owner.id
        entry.$run.id = try run.requireID()
        entry.$workout.id = try workout.requireID()
        entry.workoutName = workout.name
        entry.startTime = run.startTime ?? Date()
        entry.plan = try WorkoutWire.text(plan)
        entry.paceBands = try WorkoutWire.text(bands)
        entry.summary = try WorkoutWire.text(session.summary)
        try await entry.create(on: database)
    }
}
