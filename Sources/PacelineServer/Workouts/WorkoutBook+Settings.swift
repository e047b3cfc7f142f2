import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension WorkoutBook {
    /// `user`'s pace bands (the defaults until they set theirs) and active workout.
    static func settings(of user: UUID, on database: any Database) async throws -> Components.Schemas.WorkoutSettings {
        let row = try await WorkoutAccess.settings(of: user, on: database)
        return try settingsSchema(try WorkoutAccess.bands(in: row), active: row?.$activeWorkout.id)
    }

    /// Sets `user`'s pace bands (validated: `WorkoutWire.bands`) and active workout (nil:
    /// none), and answers what was saved. 404 when `activeWorkout` is not theirs.
    static func changeSettings(of user: UUID, bands: PaceBands, activeWorkout: String?,
                               on database: any Database) async throws -> Components.Schemas.WorkoutSettings {
        var active: UUID?
        if let id = activeWorkout { active = try await WorkoutAccess.ownWorkout(id, of: user, on: database).requireID() }
        let existing = try await WorkoutAccess.settings(of: user, on: database)
        let row = existing ?? WorkoutSettingsRow()
        row.$user.id = user
        row.paceBands = bands
        row.$activeWorkout.id = active
        do {
            try await row.save(on: database)
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true && existing == nil {
            // A concurrent first save made the row: update that one.
            guard let made = try await WorkoutAccess.settings(of: user, on: database) else { throw error }
            made.paceBands = row.paceBands
            made.$activeWorkout.id = active
            try await made.save(on: database)
        }
        // What was just saved, without reading it back.
        return try settingsSchema(bands, active: active)
    }

    /// The settings as the API shows them.
    private static func settingsSchema(_ bands: PaceBands, active: UUID?) throws -> Components.Schemas.WorkoutSettings {
        .init(paceBands: try WorkoutWire.convert(bands), activeWorkoutId: active?.apiID)
    }
}
