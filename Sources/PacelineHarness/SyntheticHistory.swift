import Foundation
import PacelineArchives
import PacelineCore
import PacelineSynthetic

/// A Strava bulk export, built: activities.csv and activities/ of GPX, TCX and FIT files,
/// gzipped as Strava keeps them, one run or ride a day, each 1 fix a second, so an import
/// of thousands can be measured and tested without anyone's real history.
public enum SyntheticHistory {
    /// The first activity's start; each next one starts a day and 10 minutes later.
    public static let firstStart = Date(timeIntervalSince1970: 1_600_000_000)

    /// Writes an export of `count` activities to `url`; activity k (from 0) lasts
    /// `minutes` and its name is "Morning run k". `extra` entries are added as they are
    /// (a damaged file, a folder's README…), and `manualEntries` rows without a file.
    public static func write(
        count: Int, minutes: Int = 30, to url: URL, extra: [(path: String, data: Data)] = [], manualEntries: Int = 0
    ) throws {
        let zip = try ZipWriter(url: url)
        var csv = "Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Filename,Distance\n"
        let dates = DateFormatter()
        dates.locale = Locale(identifier: "en_US_POSIX")
        dates.timeZone = TimeZone(identifier: "UTC")
        dates.dateFormat = "MMM d, yyyy, h:mm:ss a"
        for k in 0..<count {
            let activity = Self.activity(k, minutes: minutes)
            let id = 4_000_000_000 + k
            let (format, bytes) = try file(of: activity, k)
            let file = "activities/\(id).\(format.rawValue)\(format == .gpx ? "" : ".gz")"
            try zip.add(file, bytes)
            let type = activity.sport == .ride ? "Ride" : "Run"
            let start = firstStart.addingTimeInterval(Double(k) * 87_000)
            csv += "\(id),\"\(dates.string(from: start))\",\(activity.name ?? ""),\(type),\"Easy, then \"\"fast\"\"\nfinish\",\(minutes * 60),5.4,\(file),5400\n"
        }
        for k in 0..<manualEntries {
            csv += "\(3_000_000_000 + k),\"Jan 1, 2020, 7:00:00 AM\",Treadmill \(k),Run,,1800,5.0,,5000\n"
        }
        for (path, data) in extra { try zip.add(path, data) }
        try zip.add("activities.csv", Data(csv.utf8))
        try zip.add("profile.csv", Data("Athlete ID,Email Address\n1,runner@example.org\n".utf8))
        try zip.finish()
    }

    /// Activity `k`: a loop of about 5.4 km at 3 m/s (every fifth a ride at 8 m/s), 1 fix a
    /// second, somewhere within a degree of 46° N 14.5° E.
    public static func activity(_ k: Int, minutes: Int) -> Activity {
        var random = SeededRandom(seed: UInt64(k) + 1)
        let ride = k % 5 == 4
        let speed = ride ? 8.0 : 3.0
        let center = Coordinate(latitude: Double.random(in: 46..<47, using: &random), longitude: Double.random(in: 14..<15, using: &random))
        let seconds = minutes * 60
        let radius = speed * Double(seconds) / (2 * .pi)
        let start = firstStart.addingTimeInterval(Double(k) * 87_000)
        let fixes = (0...seconds).map { t in
            let angle = 2 * .pi * Double(t) / Double(seconds)
            var fix = Fix(latitude: center.latitude + radius * sin(angle) / 111_195,
                          longitude: center.longitude + radius * cos(angle) / (111_195 * cos(center.latitude * .pi / 180)),
                          elevation: 300 + 20 * sin(3 * angle), time: start.addingTimeInterval(Double(t)))
            fix.heartRate = 140 + Int(10 * sin(angle))
            return fix
        }
        return Activity(format: .gpx, name: ride ? "Evening ride \(k)" : "Morning run \(k)", sport: ride ? .ride : .run,
                        track: Track(segments: [fixes]))
    }

    /// Activity `k`'s file as the export holds it: a FIT, a GPX and a TCX in turn, the FIT
    /// and TCX gzipped.
    public static func file(of activity: Activity, _ k: Int) throws -> (ActivityFormat, Data) {
        switch k % 3 {
        case 0: (.fit, try Gzip.compress(FITWriter.write(activity)))
        case 1: (.gpx, Data(GPXWriter.write(activity).utf8))
        default: (.tcx, try Gzip.compress(Data(TCXWriter.write(activity).utf8)))
        }
    }
}
