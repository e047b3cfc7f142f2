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
            throw Refusal.invalid(error.description)
        } catch is DecodingError {
            throw Refusal.invalid("every interval needs exactly one of `seconds` and `meters`, and `pace` needs `paceSecondsPerKilometer`")
        }
    }

    /// The pace bands of `input`, validated, or 400.
    static func bands(_ input: Components.Schemas.PaceBands) throws -> PaceBands {
        let bands = try convert(input) as PaceBands
        do { try bands.validate() } catch { throw Refusal.invalid("\(error)") }
        return bands
    }

    /// Any value as the same JSON in another type.
    static func convert<From: Encodable, To: Decodable>(_ value: From) throws -> To {
        try JSONDecoder().decode(To.self, from: JSONEncoder().encode(value))
    }

}

extension Workout {
    /// The workout as the API shows it.
    var schema: Components.Schemas.Workout {
        get throws {
            Components.Schemas.Workout(
                id: try requireID().apiID, name: name, steps: try WorkoutWire.convert(try StoredJSON.read(steps, "workouts.steps")), intervalCount: intervalCount,
                createdAt: createdAt ?? Date(), updatedAt: updatedAt ?? createdAt ?? Date())
        }
    }

    /// The plan it holds.
    var plan: WorkoutPlan {
        get throws { WorkoutPlan(name: name, steps: try StoredJSON.read(steps, "workouts.steps")) }
    }

    /// Sets name, steps and interval count from a validated plan.
    func set(_ plan: WorkoutPlan) throws {
        name = plan.name
        steps = plan.steps
        intervalCount = plan.intervals.count
    }
}

extension WorkoutLogEntry {
    /// The entry as the API shows it.
    var schema: Components.Schemas.WorkoutLogEntry {
        get throws {
            Components.Schemas.WorkoutLogEntry(
                id: try requireID().apiID, runId: $run.id.apiID, workoutId: $workout.id?.apiID, workoutName: workoutName,
                startTime: startTime, plan: try WorkoutWire.convert(try StoredJSON.read(plan, "workout_log.plan")),
                paceBands: try WorkoutWire.convert(try StoredJSON.read(paceBands, "workout_log.pace_bands")),
                summary: try WorkoutWire.convert(try StoredJSON.read(summary, "workout_log.summary")))
        }
    }
}
