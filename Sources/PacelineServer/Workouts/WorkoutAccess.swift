import Fluent
import Foundation
import PacelineCore

/// Finds a user's own workouts, settings and log entries: anyone else's is 404, as if it
/// did not exist (workouts are private; no privacy setting makes them visible).
enum WorkoutAccess {
    /// `id`'s workout if `user` owns it, else 404.
    static func ownWorkout(_ id: String, of user: UUID, on database: any Database) async throws -> Workout {
        guard let uuid = UUID(uuidString: id),
              let workout = try await Workout.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == user).first()
        else { throw Refusal.notFound("workout") }
        return workout
    }

    /// `id`'s log entry if `user` owns it, else 404.
    static func ownEntry(_ id: String, of user: UUID, on database: any Database) async throws -> WorkoutLogEntry {
        guard let uuid = UUID(uuidString: id),
              let entry = try await WorkoutLogEntry.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == user).first()
        else { throw Refusal.notFound("workout log entry") }
        return entry
    }

    /// The user's settings row, if they changed anything yet.
    static func settings(of user: UUID, on database: any Database) async throws -> WorkoutSettingsRow? {
        try await WorkoutSettingsRow.query(on: database).filter(\.$user.$id == user).first()
    }

    /// The user's pace bands: theirs, or the defaults.
    static func bands(of user: UUID, on database: any Database) async throws -> PaceBands {
        try bands(in: try await settings(of: user, on: database))
    }

    /// The pace bands `row` holds; the defaults when the user has no settings row.
    static func bands(in row: WorkoutSettingsRow?) throws -> PaceBands {
        try row.map { try StoredJSON.read($0.paceBands, "workout_settings.pace_bands") } ?? .default
    }
}
