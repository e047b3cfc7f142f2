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
            "coverage": Self.rounded(comparison.result.coverage, 4),
            "classification": comparison.result.classification.rawValue,
            "gaps": comparison.gaps.map {
                ["distanceMeters": Self.rounded($0.distanceMeters, 1), "aSeconds": Self.rounded($0.aSeconds, 1),
                 "bSeconds": Self.rounded($0.bSeconds, 1), "gapSeconds": Self.rounded($0.gapSeconds, 1)]
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
        ["file": file, "distanceMeters": rounded(checkpoints.last?.distance ?? 0, 1),
         "elapsedSeconds": rounded(checkpoints.last?.elapsed ?? 0, 1)]
    }

    private static func position(_ position: RunComparison.Position?) -> Any {
        guard let position else { return NSNull() }
        return ["latitude": rounded(position.coordinate.latitude, 7), "longitude": rounded(position.coordinate.longitude, 7),
                "distanceMeters": rounded(position.distanceMeters, 1), "speedMetersPerSecond": rounded(position.speed, 2),
                "elevationMeters": position.elevation.map { rounded($0, 1) as Any } ?? NSNull()]
    }

    private static func point(_ checkpoint: Checkpoint) -> [String: Any] {
        ["distanceMeters": rounded(checkpoint.distance, 1), "elapsedSeconds": rounded(checkpoint.elapsed, 1),
         "speedMetersPerSecond": rounded(checkpoint.speed, 2), "elevationMeters": checkpoint.elevation.map { rounded($0, 1) as Any } ?? NSNull()]
    }

    private static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10.0, Double(digits))
        return (value * scale).rounded() / scale
    }
}
