import Foundation
import PacelineCore

/// A small mission along meridians in Scotland, with round stage lengths: route 0 is
/// 10 km (stages ending at 3, 7 and 10 km), route 1 is 5 km (2.5 and 5 km).
enum MissionFixtures {
    static let day: TimeInterval = 86_400

    static func mission() -> Mission {
        let first = line(from: Coordinate(latitude: 55.9, longitude: -4.2), metres: 10_000, points: 41)
        let second = line(from: Coordinate(latitude: 55.9, longitude: -3.9), metres: 5_000, points: 21)
        let medals = MedalThresholds(gold: 7 * day, silver: 14 * day, bronze: 28 * day)
        return Mission(id: "test", name: "Test", routes: [
            MissionRoute(name: "First", path: first, stages: stages(first, ends: [3_000, 7_000]), medals: medals),
            MissionRoute(name: "Second", path: second, stages: stages(second, ends: [2_500]), medals: medals),
        ])
    }

    /// A line due north of `start`, `metres` long, of evenly spaced points.
    static func line(from start: Coordinate, metres: Double, points: Int) -> MissionPath {
        let end = north(of: start, metres: metres)
        return MissionPath((0..<points).map { index in
            let fraction = Double(index) / Double(points - 1)
            return Coordinate(latitude: start.latitude + (end.latitude - start.latitude) * fraction, longitude: start.longitude)
        })
    }

    /// The point `metres` due north of `start`, to a millimetre.
    static func north(of start: Coordinate, metres: Double) -> Coordinate {
        var latitude = start.latitude + metres / 111_320
        for _ in 0..<20 {
            let error = Geodesy.distance(start, Coordinate(latitude: latitude, longitude: start.longitude)) - metres
            latitude -= error / 111_320
        }
        return Coordinate(latitude: latitude, longitude: start.longitude)
    }

    /// Stages ending at `ends` metres and at the line's end. Their lengths are only as round as the path's
    /// length, so known answers use `ends` and `path.length`.
    static func stages(_ path: MissionPath, ends: [Double]) -> [MissionStage] {
        var start = 0.0
        return (ends + [path.length]).enumerated().map { index, end in
            defer { start = end }
            return MissionStage(name: "Stage \(index + 1)", start: start, end: end)
        }
    }
}
