import Fluent
import Foundation

/// The workout log: runs done with a workout, logged at upload (`RunBook.record` with a
/// workout) or afterwards (`log`), both through `WorkoutLogger`.
extension WorkoutBook {
    /// A page of `user`'s log, latest start first, `limit` entries after `cursor` (a page's
    /// `next`); with `run`, only that run's entry. 400 when `run` is not a run id or the
    /// cursor is not one the server gave.
    static func logPage(of user: UUID, limit: Int, run: String?, cursor: String?,
                        on database: any Database) async throws -> (entries: [WorkoutLogEntry], next: String?) {
        var query = WorkoutLogEntry.query(on: database).filter(\.$user.$id == user)
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let run {
            guard let runID = UUID(uuidString: run) else { throw Refusal.invalid("runId: \(run) is not a run id") }
            query = query.filter(\.$run.$id == runID)
        }
        if let cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: WorkoutLogEntry.schema, timeColumn: "start_time"))
        }
        let (entries, next) = try Paging.page(try await query.all(), limit: limit) { entry in
            Paging.encode(time: entry.startTime, id: try entry.requireID())
        }
        return (entries, next)
    }

    /// Logs `user`'s run `runID` as done with their workout `workoutID` (`WorkoutLogger.log`):
    /// 404 unless both are theirs (the run checked first), 409 when the run is in the log
    /// already, 422 when it has no timed GPS track to replay.
    static func log(run runID: String, workout workoutID: String, by user: UUID, on database: any Database) async throws -> WorkoutLogEntry {
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        let workout = try await WorkoutAccess.ownWorkout(workoutID, of: user, on: database)
        return try await WorkoutLogger.log(run, workout: workout, on: database)
    }

    /// Deletes `user`'s log entry `id` (the run stays); 404 unless it is theirs.
    static func deleteEntry(_ id: String, of user: UUID, on database: any Database) async throws {
        let entry = try await WorkoutAccess.ownEntry(id, of: user, on: database)
        try await entry.delete(on: database)
    }
}
