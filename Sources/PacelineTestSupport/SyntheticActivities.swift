import Foundation
import PacelineCore

/// Activities built in code, with known values, for writer and reader tests.
public enum SyntheticActivities {
    /// 2017-06-11T14:34:09Z, when `twoSegmentRun()` starts.
    public static let start = Date(timeIntervalSince1970: 1_497_191_649)

    /// A waypoint name that needs every XML escape.
    public static let awkwardName = #"Tom & "Jerry" <3> 'n' ok"#

    /// A run near Ljubljana in two segments:
    /// - segment 1: 300 fixes one second apart (whole-second times);
    /// - segment 2, ten minutes after the start: 200 fixes 0.25 s apart (times
    ///   with .250/.500/.750 fractions, every fourth a whole second).
    ///
    /// Every fix has a coordinate with 10 significant decimals; elevation is
    /// missing on every 23rd fix, heart rate on every 17th, cadence on every
    /// 13th, power on every 11th. Two waypoints (one named `awkwardName`, one
    /// non-ASCII) and one three-point route come with it.
    public static func twoSegmentRun() -> Activity {
        var first: [Fix] = []
        for index in 0..<300 {
            first.append(fix(index, time: start.addingTimeInterval(Double(index))))
        }
        var second: [Fix] = []
        for index in 0..<200 {
            second.append(fix(300 + index, time: start.addingTimeInterval(600 + Double(index) * 0.25)))
        }
        return Activity(
            format: .gpx, name: "Morning run <Rožnik> & more", sport: .run,
            track: Track(segments: [first, second]),
            routes: [[
                Fix(latitude: 46.0512, longitude: 14.5054),
                Fix(latitude: 46.0612, longitude: 14.5154, elevation: 310.5),
                Fix(latitude: 46.0712, longitude: 14.5254),
            ]],
            waypoints: [
                Waypoint(name: awkwardName, fix: Fix(latitude: 46.0555, longitude: 14.5101, elevation: 301.25, time: start)),
                Waypoint(name: "Šmarna gora", fix: Fix(latitude: 46.1281, longitude: 14.4636, elevation: 669)),
            ]
        )
    }

    /// One segment of `count` fixes one second apart with position, elevation,
    /// heart rate and cadence on every fix: for size and speed checks.
    public static func longRun(fixCount count: Int) -> Activity {
        var fixes: [Fix] = []
        fixes.reserveCapacity(count)
        for index in 0..<count {
            fixes.append(fix(index, time: start.addingTimeInterval(Double(index) + 0.5 * Double(index % 2))))
        }
        return Activity(format: .gpx, name: "Long run", sport: .run, track: Track(segments: [fixes]))
    }

    /// The fix at step `index` of the synthetic path (about 3 m per step).
    private static func fix(_ index: Int, time: Date) -> Fix {
        let step = Double(index)
        return Fix(
            time: time,
            coordinate: Coordinate(
                latitude: 46.0512345678 + step * 0.0000271828 + 0.00001 * sin(step / 7),
                longitude: 14.5054321098 + step * 0.0000314159 - 0.00001 * cos(step / 5)
            ),
            elevation: index % 23 == 22 ? nil : 295.3 + 12.345678 * sin(step / 10),
            heartRate: index % 17 == 16 ? nil : 120 + index % 40,
            cadence: index % 13 == 12 ? nil : 80 + index % 10,
            power: index % 11 == 10 ? nil : 200 + index % 50
        )
    }
}
