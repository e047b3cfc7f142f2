import Foundation
import PacelineAPI
import PacelineCore

extension Run {
    /// The run as the API shows it; the owner must be loaded.
    var schema: Components.Schemas.Run {
        let splits = (try? JSONDecoder().decode([Split].self, from: Data(self.splits.utf8))) ?? []
        let start: Components.Schemas.Position? = startLatitude.flatMap { latitude in
            startLongitude.map { .init(latitude: latitude, longitude: $0) }
        }
        return .init(
            id: id?.apiID ?? "",
            owner: owner.summary,
            name: name,
            sport: .init(rawValue: sport) ?? .other,
            privacy: .init(rawValue: privacy) ?? ._private,
            format: format,
            startTime: startTime,
            endTime: endTime,
            points: points,
            distanceMeters: distanceMeters,
            elapsedSeconds: elapsedSeconds,
            movingSeconds: movingSeconds,
            ascentMeters: ascentMeters,
            descentMeters: descentMeters,
            maxSpeedMetersPerSecond: maxSpeed,
            averagePaceSecondsPerKilometer: averagePace,
            calories: calories,
            splits: splits.map { .init(kilometer: $0.kilometer, seconds: $0.seconds) },
            start: start,
            routeId: $route.id?.apiID,
            steps: steps,
            stepsEstimated: steps == nil ? nil : stepsEstimated,
            createdAt: createdAt ?? Date(),
            updatedAt: updatedAt ?? Date()
        )
    }

    /// The best efforts stored with the run.
    var efforts: [BestEffort] { BestEffort.stored(bestEfforts) }
}

extension BestEffort {
    /// The best efforts in a run's `best_efforts` column (JSON); none when it does not decode.
    static func stored(_ json: String) -> [BestEffort] {
        (try? JSONDecoder().decode([BestEffort].self, from: Data(json.utf8))) ?? []
    }
}
