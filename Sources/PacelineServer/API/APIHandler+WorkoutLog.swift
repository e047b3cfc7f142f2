import Fluent
import Foundation
import PacelineAPI

/// The workout log: runs done with a workout, logged at upload (`uploadRun` with
/// `workoutId`) or afterwards (`addToWorkoutLog`), both through `WorkoutLogger`.
extension APIHandler {
    func listWorkoutLog(_ input: Operations.ListWorkoutLog.Input) async throws -> Operations.ListWorkoutLog.Output {
        let user = try AuthenticatedUser.required()
        let limit = try Paging.limit(input.query.limit)
        var query = WorkoutLogEntry.query(on: database).filter(\.$user.$id == user.id)
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let runId = input.query.runId {
            guard let run = UUID(uuidString: runId) else { throw Refusal.invalid("runId: \(runId) is not a run id") }
            query = query.filter(\.$run.$id == run)
        }
        if let cursor = input.query.cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: WorkoutLogEntry.schema, timeColumn: "start_time"))
        }
        let (entries, next) = try Paging.page(try await query.all(), limit: limit) { entry in
            Paging.encode(time: entry.startTime, id: try entry.requireID())
        }
        return .ok(.init(body: .json(.init(entries: try entries.map { try $0.schema }, nextCursor: next))))
    }

    func addToWorkoutLog(_ input: Operations.AddToWorkoutLog.Input) async throws -> Operations.AddToWorkoutLog.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let run = try await RunAccess.ownedRun(body.runId, by: user.id, on: database)
        let workout = try await WorkoutAccess.ownWorkout(body.workoutId, of: user.id, on: database)
        let entry = try await WorkoutLogger.log(run, workout: workout, on: database)
        return .created(.init(body: .json(try entry.schema)))
    }

    func getWorkoutLogEntry(_ input: Operations.GetWorkoutLogEntry.Input) async throws -> Operations.GetWorkoutLogEntry.Output {
        let user = try AuthenticatedUser.required()
        let entry = try await WorkoutAccess.ownEntry(input.path.entryId, of: user.id, on: database)
        return .ok(.init(body: .json(try entry.schema)))
    }

    func deleteWorkoutLogEntry(_ input: Operations.DeleteWorkoutLogEntry.Input) async throws -> Operations.DeleteWorkoutLogEntry.Output {
        let user = try AuthenticatedUser.required()
        let entry = try await WorkoutAccess.ownEntry(input.path.entryId, of: user.id, on: database)
        try await entry.delete(on: database)
        return .noContent(.init())
    }
}
