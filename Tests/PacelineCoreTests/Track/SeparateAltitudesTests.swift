import Foundation
import PacelineCore
import Testing

/// Altitude recorded in records of its own (Suunto style) is merged into the positions by time.
@Suite struct SeparateAltitudesTests {
    /// A TCX of a 10-minute climb at 3 m/s: position trackpoints every second without
    /// altitude, altitude-only trackpoints every 2 s, half a second after, climbing 0.1 m/s.
    static let tcx: String = {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time = { (seconds: Double) in formatter.string(from: start.addingTimeInterval(seconds)) }
        var points = ""
        for k in 0...600 {
            points += "<Trackpoint><Time>\(time(Double(k)))</Time><Position><LatitudeDegrees>\(46 + Double(k) * 3 / 111_195)</LatitudeDegrees>"
                + "<LongitudeDegrees>14.5</LongitudeDegrees></Position></Trackpoint>\n"
            if k % 2 == 0 && k < 600 {
                points += "<Trackpoint><Time>\(time(Double(k) + 0.5))</Time><AltitudeMeters>\(300 + (Double(k) + 0.5) * 0.1)</AltitudeMeters></Trackpoint>\n"
            }
        }
        return """
            <?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\
            <Activities><Activity Sport="Running"><Id>\(time(0))</Id><Lap StartTime="\(time(0))"><Track>\(points)</Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
    }()

    @Test func positionsTakeTheElevationOfTheAltitudeRecordsAroundThem() throws {
        let activity = try ActivityReader.read(Data(Self.tcx.utf8), format: .tcx)
        let positioned = activity.track.fixes.filter { $0.coordinate != nil }
        #expect(positioned.count == 601 && positioned.allSatisfy { $0.elevation != nil })
        // Interpolated in time: at 100 s, between 98.5 s and 100.5 s.
        #expect(abs((positioned[100].elevation ?? 0) - 310) < 1e-9)
        let summary = ActivitySummary(activity)
        #expect(abs((summary.ascentMeters ?? 0) - 60) < 3, "\(summary.ascentMeters ?? -1)")
    }

    @Test func aTrackWithoutSuchRecordsIsUnchanged() {
        let fixes = [Fix(latitude: 46, longitude: 14, elevation: 300, time: Date(timeIntervalSince1970: 0)),
                     Fix(time: Date(timeIntervalSince1970: 1), heartRate: 120)]
        #expect(Track(segments: [fixes]).mergingSeparateAltitudes() == Track(segments: [fixes]))
    }
}
