import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listWorkouts(_ input: Operations.ListWorkouts.Input) async throws -> Operations.ListWorkouts.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await workoutList(of: user.id))))
    }

    func createWorkout(_ input: Operations.CreateWorkout.Input) async throws -> Operations.CreateWorkout.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let plan = try WorkoutWire.plan(body)
        let last = try await Workout.query(on: database).filter(\.$user.$id == user.id).max(\.$position) ?? -1
        let workout = Workout()
        workout.$user.id = user.id
        workout.position = last + 1
        try workout.set(plan)
        try await workout.create(on: database)
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
        let workout = try await WorkoutAccess.ownWorkout(input.path.workoutId, of: user.id, on: database)
        try workout.set(try WorkoutWire.plan(body))
        try await workout.save(on: database)
        return .ok(.init(body: .json(try workout.schema)))
    }

    func deleteWorkout(_ input: Operations.DeleteWorkout.Input) async throws -> Operations.DeleteWorkout.Output {
        let user = try AuthenticatedUser.required()
        let workout = try await WorkoutAccess.ownWorkout(input.path.workoutId, of: user.id, on: database)
        let id = try workout.requireID()
        try await database.retryingTransaction { db in
            // Done here, not only by the foreign keys: SQLite enforces them only when asked to.
            try await WorkoutSettingsRow.query(on: db).filter(\.$activeWorkout.$id == id).set(\.$activeWorkout.$id, to: nil).update()
            try await WorkoutLogEntry.query(on: db).filter(\.$workout.$id == id).set(\.$workout.$id, to: nil).update()
            try await workout.delete(on: db)
        }
        return .noContent(.init())
    }

    func duplicateWorkout(_ input: Operations.DuplicateWorkout.Input) async throws -> Operations.DuplicateWorkout.Output {
        let user = try AuthenticatedUser.required()
        let original = try await WorkoutAccess.ownWorkout(input.path.workoutId, of: user.id, on: database)
        let copy = Workout()
        copy.$user.id = user.id
        copy.name = String("\(original.name) (copy)".prefix(200))
        copy.steps = original.steps
        copy.intervalCount = original.intervalCount
        copy.position = original.position + 1
        try await database.retryingTransaction { db in
            for later in try await Workout.query(on: db).filter(\.$user.$id == user.id).filter(\.$position > original.position).all() {
                later.position += 1
                try await later.save(on: db)
            }
            try await copy.create(on: db)
        }
        return .created(.init(body: .json(try copy.schema)))
    }

    func reorderWorkouts(_ input: Operations.ReorderWorkouts.Input) async throws -> Operations.ReorderWorkouts.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let workouts = try await Workout.query(on: database).filter(\.$user.$id == user.id).all()
        let byID = Dictionary(uniqueKeysWithValues: try workouts.map { (try $0.requireID(), $0) })
        let ids = body.workoutIds.compactMap { UUID(uuidString: $0) }
        guard ids.count == body.workoutIds.count, Set(ids).count == ids.count, Set(ids) == Set(byID.keys) else {
            throw Refusal.invalid("`workoutIds` must list each of your \(workouts.count) workouts exactly once")
        }
        try await database.retryingTransaction { db in
            for (position, id) in ids.enumerated() where byID[id]!.position != position {
                byID[id]!.position = position
                try await byID[id]!.save(on: db)
            }
        }
        return .ok(.init(body: .json(try await workoutList(of: user.id))))
    }

    func getWorkoutSettings(_ input: Operations.GetWorkoutSettings.Input) async throws -> Operations.GetWorkoutSettings.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await workoutSettings(of: user.id))))
    }

    func updateWorkoutSettings(_ input: Operations.UpdateWorkoutSettings.Input) async throws -> Operations.UpdateWorkoutSettings.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let bands = try WorkoutWire.bands(body.paceBands)
        var active: UUID?
        if let id = body.activeWorkoutId { active = try await WorkoutAccess.ownWorkout(id, of: user.id, on: database).requireID() }
        let existing = try await WorkoutAccess.settings(of: user.id, on: database)
        let row = existing ?? WorkoutSettingsRow()
        row.$user.id = user.id
        row.paceBands = bands
        row.$activeWorkout.id = active
        do {
            try await row.save(on: database)
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true && existing == nil {
            // A concurrent first save made the row: update that one.
            guard let made = try await WorkoutAccess.settings(of: user.id, on: database) else { throw error }
            made.paceBands = row.paceBands
            made.$activeWorkout.id = active
            try await made.save(on: database)
        }
        // What was just saved, without reading it back.
        return .ok(.init(body: .json(try Self.settingsSchema(bands, active: active))))
    }

    private func workoutList(of user: UUID) async throws -> Components.Schemas.WorkoutList {
        let workouts = try await Workout.query(on: database).filter(\.$user.$id == user)
            .sort(\.$position).sort(\.$createdAt).all()
        let active = try await WorkoutAccess.settings(of: user, on: database)?.$activeWorkout.id
        return .init(workouts: try workouts.map { try $0.schema }, activeWorkoutId: active?.apiID)
    }

    private func workoutSettings(of user: UUID) async throws -> Components.Schemas.WorkoutSettings {
        let row = try await WorkoutAccess.settings(of: user, on: database)
        return try Self.settingsSchema(try WorkoutAccess.bands(in: row), active: row?.$activeWorkout.id)
    }

    private static func settingsSchema(_ bands: PaceBands, active: UUID?) throws -> Components.Schemas.WorkoutSettings {
        .init(paceBands: try WorkoutWire.convert(bands), activeWorkoutId: active?.apiID)
    }
}
