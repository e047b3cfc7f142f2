import Foundation
import PacelineAPI
import PacelineCore

/// Converts workouts between the API's shapes and PacelineCore's. The API's
/// `WorkoutStep`, `PaceBands` and `WorkoutSummary` have the same JSON as Core's types, so
/// each crossing is one encode and one decode, and Core's validation names what is wrong.
enum WorkoutWire {
    /// The plan of `input`, validated, or 400 saying which step is wrong.
    static func plan(_ input: Components.Schemas.WorkoutInput) throws -> WorkoutPlan {
        let name = try TextInput.checked(input.name, "name", .name).trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            let plan = WorkoutPlan(name: name, steps: try convert(input.steps))
            try plan.validate()
            return plan
        } catch let error as WorkoutPlanError {
            throw APIError.badRequest(error.description)
        } catch is DecodingError {
            throw APIError.badRequest("every interval needs exactly one of `seconds` and `meters`, and `pace` needs `paceSecondsPerKilometer`")
        }
    }

    /// The pace bands of `input`, validated, or 400.
    static func bands(_ input: Components.Schemas.PaceBands) throws -> PaceBands {
        let bands = try convert(input) as PaceBands
        do { try bands.validate() } catch { throw APIError.badRequest("\(error)") }
        return bands
    }

    /// Any value as the same JSON in another type.
    static func convert<From: Encodable, To: Decodable>(_ value: From) throws -> To {
        try JSONDecoder().decode(To.self, from: JSONEncoder().encode(value))
    }

    /// JSON text to store.
    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder.sortedKeys.encode(value), as: UTF8.self)
    }

    /// Stored JSON text back.
    static func value<T: Decodable>(_ text: String, as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }
}

extension Workout {
    /// The workout as the API shows it.
    var schema: Components.Schemas.Workout {
        get throws {
            Components.Schemas.Workout(
                id: try requireID().apiID, name: name, steps: try WorkoutWire.value(steps), intervalCount: intervalCount,
                createdAt: createdAt ?? Date(), updatedAt: updatedAt ?? createdAt ?? Date())
        }
    }

    /// The plan it holds.
    var plan: WorkoutPlan {
        get throws { WorkoutPlan(name: name, steps: try WorkoutWire.value(steps)) }
    }

    /// Sets name, steps and interval count from a validated plan.
    func set(_ plan: WorkoutPlan) throws {
        name = plan.name
        steps = try WorkoutWire.text(plan.steps)
        intervalCount = plan.intervals.count
    }
}

extension WorkoutLogEntry {
    /// The entry as the API shows it.
    var schema: Components.Schemas.WorkoutLogEntry {
        get throws {
            Components.Schemas.WorkoutLogEntry(
                id: try requireID().apiID, runId: $run.id.apiID, workoutId: $workout.id?.apiID, workoutName: workoutName,
                startTime: startTime, plan: try WorkoutWire.value(plan), paceBands: try WorkoutWire.value(paceBands),
                summary: try WorkoutWire.value(summary))
        }
    }
}
