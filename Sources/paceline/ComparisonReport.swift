import Foundation
import PacelineCore

/// The JSON of `paceline compare --json`.
struct ComparisonReport {
    var object: [String: Any]

    init(_ comparison: RunComparison, a: String, b: String, interval: Double) {
        let duration = max(comparison.a.last?.elapsed ?? 0, comparison.b.last?.elapsed ?? 0)
        var positions: [[String: Any]] = []
        var elapsed = 0.0
        while elapsed <= duration {
            let (pa, pb) = comparison.positions(at: elapsed)
            positions.append(["elapsedSeconds": elapsed, "a": Self.position(pa), "b": Self.position(pb)])
            elapsed += interval
        }
        object = [
            "a": Self.run(a, comparison.a), "b": Self.run(b, comparison.b),
            "coverage": comparison.result.coverage.rounded(places: 4),
            "classification": comparison.result.classification.rawValue,
            "gaps": comparison.gaps.map {
                ["distanceMeters": $0.distanceMeters.rounded(places: 1), "aSeconds": $0.aSeconds.rounded(places: 1),
                 "bSeconds": $0.bSeconds.rounded(places: 1), "gapSeconds": $0.gapSeconds.rounded(places: 1)]
            },
            "positions": positions,
            "series": ["a": comparison.a.map(Self.point), "b": comparison.b.map(Self.point)],
        ]
    }

    func json() throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    private static func run(_ file: String, _ checkpoints: [Checkpoint]) -> [String: Any] {
        ["file": file, "distanceMeters": (checkpoints.last?.distance ?? 0).rounded(places: 1),
         "elapsedSeconds": (checkpoints.last?.elapsed ?? 0).rounded(places: 1)]
    }

    private static func position(_ position: RunComparison.Position?) -> Any {
        guard let position else { return NSNull() }
        return ["latitude": position.coordinate.latitude.rounded(places: 7), "longitude": position.coordinate.longitude.rounded(places: 7),
                "distanceMeters": position.distanceMeters.rounded(places: 1), "speedMetersPerSecond": position.speed.rounded(places: 2),
                "elevationMeters": position.elevation.map { $0.rounded(places: 1) as Any } ?? NSNull()]
    }

    private static func point(_ checkpoint: Checkpoint) -> [String: Any] {
        ["distanceMeters": checkpoint.distance.rounded(places: 1), "elapsedSeconds": checkpoint.elapsed.rounded(places: 1),
         "speedMetersPerSecond": checkpoint.speed.rounded(places: 2), "elevationMeters": checkpoint.elevation.map { $0.rounded(places: 1) as Any } ?? NSNull()]
    }
}
