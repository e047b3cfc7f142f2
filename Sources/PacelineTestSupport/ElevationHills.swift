import Foundation
import PacelineAPI
import PacelineCore
import PacelineSynthetic

/// Ground of three hills of `height` metres across tile N55W005, ridges running north
/// to south, and a phone's run over them: for the elevation model's tests (issue 36,
/// "elevation from a phone": GPS-only altitude with 2 m of noise a fix over three 40 m
/// hills read as 184 m of ascent).
public enum ElevationHills {
    /// The tile the hills lie on.
    public static let tileName = "N55W005"
    /// Where the run goes: east along this latitude from `startLongitude`.
    public static let latitude = 55.5, startLongitude = -4.9
    /// Each hill's rise, metres; its width, metres (a raised cosine); the flat between two.
    public static let height = 40.0, width = 1_500.0, flat = 1_000.0
    /// The ground at the run's start, metres.
    public static let base = 100.0
    /// The length of the run, metres: the hills and the flats around them.
    public static let length = 4 * flat + 3 * width

    /// Metres east of the start a degree of longitude is, on `latitude` (the run's
    /// local plane, as `LocalPlane` measures it to within centimetres over 8 km).
    static let metresPerDegree = 111_319.49 * cos(latitude * .pi / 180)

    /// The ground `east` metres east of the start.
    public static func ground(east: Double) -> Double {
        var x = east - flat
        for _ in 0..<3 {
            if x >= 0, x <= width { return base + height * (1 - cos(2 * .pi * x / width)) / 2 }
            x -= width + flat
        }
        return base
    }

    /// How far, on average, `heights` (longitude, elevation) lie from the ground under them, metres.
    public static func offGround(_ heights: [(longitude: Double, elevation: Double)]) -> Double {
        heights.reduce(0) { $0 + abs($1.elevation - ground(east: ($1.longitude - startLongitude) * metresPerDegree)) } / Double(max(heights.count, 1))
    }

    /// The tile's `.hgt` bytes: `side` samples a side (1,201 or 3,601), heights to the metre.
    public static func tile(side: Int = 1_201) -> Data {
        var bytes = Data(count: side * side * 2)
        bytes.withUnsafeMutableBytes { raw in
            let heights = raw.bindMemory(to: Int16.self)
            for column in 0..<side {
                let longitude = -5 + Double(column) / Double(side - 1)
                let height = Int16(ground(east: (longitude - startLongitude) * metresPerDegree).rounded()).bigEndian
                for row in 0..<side { heights[row * side + column] = height }
            }
        }
        return bytes
    }

    /// A phone's run over the hills at 3 m/s, a fix a second, its satellite altitude the
    /// ground's with `noise` metres (one standard deviation) of error a fix.
    public static func phoneRun(noise: Double = 2, start: Date = Date(timeIntervalSince1970: 1_790_000_000)) -> Activity {
        var random = SeededRandom(seed: 36)
        let seconds = Int(length / 3)
        let fixes = (0...seconds).map { second in
            let east = Double(second) * 3
            return Fix(time: start.addingTimeInterval(Double(second)),
                       coordinate: Coordinate(latitude: latitude, longitude: startLongitude + east / metresPerDegree),
                       elevation: ground(east: east) + random.gaussian(standardDeviation: noise))
        }
        return Activity(format: .gpx, sport: .run, track: Track(segments: [fixes]))
    }
}

extension SeriesDocument {
    /// How far, on average, the series' elevations lie from the hills' ground, metres.
    public var offGround: Double {
        ElevationHills.offGround(points.compactMap { point in
            point.elevationMeters.map { (point.longitude, $0) }
        })
    }
}

/// `ElevationHills.phoneRun` as the app uploads it.
public enum ElevationModelUploadFixture {
    /// The run, starting `daysAgo` days ago.
    public static func upload(daysAgo: Double) -> Components.Schemas.FixUpload {
        let run = ElevationHills.phoneRun(start: Date().addingTimeInterval(-daysAgo * 86_400))
        return .init(sport: .run, fixes: run.track.fixes.map { fix in
            .init(time: fix.time!, latitude: fix.coordinate!.latitude, longitude: fix.coordinate!.longitude, elevation: fix.elevation)
        })
    }
}
