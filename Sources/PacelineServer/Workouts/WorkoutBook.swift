import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A runner's saved workouts, with one owner for each thing done to them: listing them in
/// the runner's order, saving, changing, copying, reordering and deleting one
/// (`WorkoutBook+Settings.swift`: the pace bands and the active workout;
/// `WorkoutBook+Log.swift`: the log of runs done with one). Handlers decode, call one of
/// these, and encode. Workouts are private: someone else's is 404, as if it did not exist
/// (`WorkoutAccess`). Refusals are `Refusal`s.
enum WorkoutBook {
    /// `user`'s workouts in their order (then oldest first), and the active one.
    static func list(of user: UUID, on database: any Database) async throws -> Components.Schemas.WorkoutList {
        let workouts = try await Workout.query(on: database).filter(\.$user.$id == user)
            .sort(\.$position).sort(\.$createdAt).all()
        let active = try await WorkoutAccess.settings(of: user, on: database)?.$activeWorkout.id
        return .init(workouts: try workouts.map { try $0.schema }, activeWorkoutId: active?.apiID)
    }

    /// Saves `plan` (validated: `WorkoutWire.plan`) as `user`'s workout, last in their order.
    static func create(_ plan: WorkoutPlan, for user: UUID, on database: any Database) async throws -> Workout {
        let last = try await Workout.query(on: database).filter(\.$user.$id == user).max(\.$position) ?? -1
        let workout = Workout()
        workout.$user.id = user
        workout.position = last + 1
        try workout.set(plan)
        try await workout.create(on: database)
        return workout
    }

    /// Replaces the plan of `user`'s workout `id` with `input`'s: 404 unless `user` owns it,
    /// then 400 when the plan is not valid (in that order).
    static func change(_ id: String, of user: UUID, to input: Components.Schemas.WorkoutInput, on database: any Database) async throws -> Workout {
        let workout = try await WorkoutAccess.ownWorkout(id, of: user, on: database)
        try workout.set(try WorkoutWire.plan(input))
        try await workout.save(on: database)
        return workout
    }

    /// Deletes `user`'s workout `id`; the settings that made it active and the log entries
    /// done with it keep theirs without it. 404 unless `user` owns it.
    static func delete(_ id: String, of user: UUID, on database: any Database) async throws {
        let workout = try await WorkoutAccess.ownWorkout(id, of: user, on: database)
        let id = try workout.requireID()
        try await database.retryingTransaction { db in
            // Done here, not only by the foreign keys: SQLite enforces them only when asked to.
            try await WorkoutSettingsRow.query(on: db).filter(\.$activeWorkout.$id == id).set(\.$activeWorkout.$id, to: nil).update()
            try await WorkoutLogEntry.query(on: db).filter(\.$workout.$id == id).set(\.$workout.$id, to: nil).update()
            try await workout.delete(on: db)
        }
    }

    /// A copy of `user`'s workout `id`, named "… (copy)", just after it in their order.
    /// 404 unless `user` owns it.
    static func duplicate(_ id: String, of user: UUID, on database: any Database) async throws -> Workout {
        let original = try await WorkoutAccess.ownWorkout(id, of: user, on: database)
        let copy = Workout()
        copy.$user.id = user
        copy.name = String("\(original.name) (copy)".prefix(200))
        copy.steps = original.steps
        copy.intervalCount = original.intervalCount
        copy.position = original.position + 1
        try await database.retryingTransaction { db in
            for later in try await Workout.query(on: db).filter(\.$user.$id == user).filter(\.$position > original.position).all() {
                later.position += 1
                try await later.save(on: db)
            }
            try await copy.create(on: db)
        }
        return copy
    }

    /// Puts `user`'s workouts in the order `ids` lists them, and answers the list; 400
    /// unless `ids` names each of their workouts exactly once.
    static func reorder(_ ids: [String], of user: UUID, on database: any Database) async throws -> Components.Schemas.WorkoutList {
        let workouts = try await Workout.query(on: database).filter(\.$user.$id == user).all()
        let byID = Dictionary(uniqueKeysWithValues: try workouts.map { (try $0.requireID(), $0) })
        let uuids = ids.compactMap { UUID(uuidString: $0) }
        guard uuids.count == ids.count, Set(uuids).count == uuids.count, Set(uuids) == Set(byID.keys) else {
            throw Refusal.invalid("`workoutIds` must list each of your \(workouts.count) workouts exactly once")
        }
        try await database.retryingTransaction { db in
            for (position, id) in uuids.enumerated() where byID[id]!.position != position {
                byID[id]!.position = position
                try await byID[id]!.save(on: db)
            }
        }
        return try await list(of: user, on: database)
    }
}
