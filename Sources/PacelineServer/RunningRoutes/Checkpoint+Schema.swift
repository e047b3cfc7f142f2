import PacelineAPI
import PacelineCore

extension Checkpoint {
    /// The checkpoint as a pace or a plan sends it.
    var schema: Components.Schemas.Checkpoint {
        .init(latitude: coordinate.latitude, longitude: coordinate.longitude, distanceMeters: distance, elapsedSeconds: elapsed,
              speedMetersPerSecond: speed, elevationMeters: elevation)
    }
}

extension PacePlan.Split {
    /// The kilometre as a plan sends it.
    var schema: Components.Schemas.PacePlanSplit {
        .init(number: number, startMeters: startDistance, endMeters: endDistance, elapsedSeconds: elapsed, seconds: seconds,
              secondsPerKilometer: secondsPerKilometre, gradePercent: grade * 100, ascentMeters: ascent, descentMeters: descent)
    }
}
