import PacelineAPI

extension APIHandler {
    func listWorkouts(_ input: Operations.ListWorkouts.Input) async throws -> Operations.ListWorkouts.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await WorkoutBook.list(of: user.id, on: database))))
    }

    func createWorkout(_ input: Operations.CreateWorkout.Input) async throws -> Operations.CreateWorkout.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let workout = try await WorkoutBook.create(try WorkoutWire.plan(body), for: user.id, on: database)
        return .created(.init(body: .json(try workout.schema)))
    }

    func getWorkout(_ input: Operations.GetWorkout.Input) async throws -> Operations.GetWorkout.Output {
        let user = try AuthenticatedUser.required()
        let workout = try await WorkoutAccess.ownWorkout(input.path.workoutId, of: user.id, on: database)
        return .ok(.init(body: .json(try workout.schema)))
    }

    func updateWorkout(_ input: Operations.UpdateWorkout.Input) async throws -> Operations.UpdateWorkout.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let workout = try await WorkoutBook.change(input.path.workoutId, of: user.id, to: body, on: database)
        return .ok(.init(body: .json(try workout.schema)))
    }

    func deleteWorkout(_ input: Operations.DeleteWorkout.Input) async throws -> Operations.DeleteWorkout.Output {
        let user = try AuthenticatedUser.required()
        try await WorkoutBook.delete(input.path.workoutId, of: user.id, on: database)
        return .noContent(.init())
    }

    func duplicateWorkout(_ input: Operations.DuplicateWorkout.Input) async throws -> Operations.DuplicateWorkout.Output {
        let user = try AuthenticatedUser.required()
        let copy = try await WorkoutBook.duplicate(input.path.workoutId, of: user.id, on: database)
        return .created(.init(body: .json(try copy.schema)))
    }

    func reorderWorkouts(_ input: Operations.ReorderWorkouts.Input) async throws -> Operations.ReorderWorkouts.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(try await WorkoutBook.reorder(body.workoutIds, of: user.id, on: database))))
    }

    func getWorkoutSettings(_ input: Operations.GetWorkoutSettings.Input) async throws -> Operations.GetWorkoutSettings.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await WorkoutBook.settings(of: user.id, on: database))))
    }

    func updateWorkoutSettings(_ input: Operations.UpdateWorkoutSettings.Input) async throws -> Operations.UpdateWorkoutSettings.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let settings = try await WorkoutBook.changeSettings(of: user.id, bands: try WorkoutWire.bands(body.paceBands),
                                                            activeWorkout: body.activeWorkoutId, on: database)
        return .ok(.init(body: .json(settings)))
    }
}
