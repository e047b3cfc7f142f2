import PacelineAPI

/// The workout log: runs done with a workout, logged at upload (`uploadRun` with
/// `workoutId`) or afterwards (`addToWorkoutLog`), both through `WorkoutLogger`.
extension APIHandler {
    func listWorkoutLog(_ input: Operations.ListWorkoutLog.Input) async throws -> Operations.ListWorkoutLog.Output {
        let user = try AuthenticatedUser.required()
        let page = try await WorkoutBook.logPage(of: user.id, limit: try Paging.limit(input.query.limit), run: input.query.runId,
                                                 cursor: input.query.cursor, on: database)
        return .ok(.init(body: .json(.init(entries: try page.entries.map { try $0.schema }, nextCursor: page.next))))
    }

    func addToWorkoutLog(_ input: Operations.AddToWorkoutLog.Input) async throws -> Operations.AddToWorkoutLog.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let entry = try await WorkoutBook.log(run: body.runId, workout: body.workoutId, by: user.id, on: database)
        return .created(.init(body: .json(try entry.schema)))
    }

    func getWorkoutLogEntry(_ input: Operations.GetWorkoutLogEntry.Input) async throws -> Operations.GetWorkoutLogEntry.Output {
        let user = try AuthenticatedUser.required()
        let entry = try await WorkoutAccess.ownEntry(input.path.entryId, of: user.id, on: database)
        return .ok(.init(body: .json(try entry.schema)))
    }

    func deleteWorkoutLogEntry(_ input: Operations.DeleteWorkoutLogEntry.Input) async throws -> Operations.DeleteWorkoutLogEntry.Output {
        let user = try AuthenticatedUser.required()
        try await WorkoutBook.deleteEntry(input.path.entryId, of: user.id, on: database)
        return .noContent(.init())
    }
}
