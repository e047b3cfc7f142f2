import Foundation
import PacelineAPI
import PacelineCore

extension Run {
    /// The run as `viewer` may see it: its start is left out when it lies in one of the
    /// owner's privacy zones and `viewer` is someone else, and so is its gear, which is the
    /// owner's own. The owner must be loaded.
    func schema(seenBy viewer: UUID?) -> Components.Schemas.Run {
        var schema = self.schema
        if viewer != $owner.id { schema.gearId = nil }
        if let start = schema.start, zones(hiddenFrom: viewer).hide(Coordinate(latitude: start.latitude, longitude: start.longitude)) {
            schema.start = nil
        }
        return schema
    }

    /// The run as the API shows it to its owner; the owner must be loaded. A stored number that is not
    /// finite is answered as 0 (or left out when optional): see `StoredNumber`.
    var schema: Components.Schemas.Run {
        let start: Components.Schemas.Position? = startLatitude.storedOrNil.flatMap { latitude in
            startLongitude.storedOrNil.map { .init(latitude: latitude, longitude: $0) }
        }
        let uncredited: Components.Schemas.UncreditedDistance? = tooFastMeters.storedOrZero > 0 || untimedMeters.storedOrZero > 0
            ? .init(tooFastMeters: tooFastMeters.storedOrZero, untimedMeters: untimedMeters.storedOrZero,
                    maximumSpeedMetersPerSecond: SportThresholds.for(sport).maximumSpeed)
            : nil
        return .init(
            id: id?.apiID ?? "",
            owner: owner.summary,
            name: name,
            description: description,
            sport: sport,
            privacy: privacy,
            format: format.rawValue,
            startTime: startTime,
            endTime: endTime,
            points: points,
            distanceMeters: distanceMeters.storedOrZero,
            gpsDistanceMeters: gpsDistanceMeters.storedOrNil,
            creditedDistanceMeters: creditedDistanceMeters.storedOrZero,
            uncredited: uncredited,
            elapsedSeconds: elapsedSeconds.storedOrZero,
            movingSeconds: movingSeconds.storedOrZero,
            ascentMeters: ascentMeters.storedOrZero,
            descentMeters: descentMeters.storedOrZero,
            maxSpeedMetersPerSecond: maxSpeed.storedOrNil,
            averagePaceSecondsPerKilometer: averagePace.storedOrNil,
            calories: calories.storedOrNil,
            splits: splits.map { .init(kilometer: $0.kilometer, seconds: $0.seconds, distanceMeters: $0.distanceMeters) },
            start: start,
            routeId: $route.id?.apiID,
            gearId: gearID?.apiID,
            trainingLoad: trainingLoad.storedOrNil.flatMap { value in
                trainingLoadSource.map { .init(value: value, source: $0) }
            },
            newRecords: (newRecords ?? []).filter(\.isFinite).compactMap(BestEffort.name(of:)),
            steps: steps,
            stepsEstimated: steps == nil ? nil : stepsEstimated,
            createdAt: createdAt ?? Date(),
            updatedAt: updatedAt ?? Date(),
            commentsOpen: commentsClosed != true
        )
    }

    /// The view box a listed run's shape is drawn in (`listedSchema`): a list's thumbnail.
    static let shapeBox = TrackPreview(width: 64, height: 40, margin: 3, maximumPoints: 60)

    /// The run as its owner's list shows it: with its shape, drawn from its heat lines
    /// (`HeatLine`, read with it; the owner sees their whole path).
    var listedSchema: Components.Schemas.Run {
        var listed = schema
        let lines = (heatLines ?? []).compactMap(HeatLine.decode)
        let shape = Self.shapeBox.pathData(of: lines)
        listed.shape = shape.isEmpty ? nil : shape
        return listed
    }

    /// The best efforts stored with the run.
    var efforts: [BestEffort] { bestEfforts.filter(\.isFinite) }
}

extension FixLimits.Screening {
    /// What an upload left out, as its answer says.
    var schema: Components.Schemas.FixScreening {
        .init(droppedFixes: droppedFixCount, removedValues: removedValueCount,
              problems: problems.map { field, count in
                  .init(field: field, count: count, allowed: field.allowed(by: limits),
                        droppedFixes: field.dropsFix)
              })
    }
}

extension BestEffort {
    /// The best efforts in a run's `best_efforts` column (JSON); none when it does not
    /// decode, and none that is not finite.
    static func stored(_ json: String) -> [BestEffort] {
        (StoredJSON.value(json) ?? []).filter(\.isFinite)
    }

    /// Whether its distance and time are numbers (a stored one may not be).
    var isFinite: Bool { distanceMeters.isFinite && seconds.isFinite }
}
