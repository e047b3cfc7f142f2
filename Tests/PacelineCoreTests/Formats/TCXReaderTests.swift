import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

@Suite struct TCXReaderTests {
    static let files = Fixtures.files(in: "tcx", withExtension: "tcx")

    /// Every TCX file parses with the file's own trackpoint counts.
    @Test(arguments: files)
    func countsMatchTheFile(_ url: URL) throws {
        let activity = try ActivityReader.read(contentsOf: url)
        let reference = try #require(Fixtures.reference["tcx/" + url.lastPathComponent])
        let fixes = activity.track.fixes
        #expect(activity.format == .tcx)
        #expect(fixes.count == reference["trackpoints"] as? Int)
        #expect(fixes.filter { $0.coordinate != nil }.count == reference["trackpoints_with_position"] as? Int)
        #expect(fixes.filter { $0.time != nil }.count == reference["trackpoints_with_time"] as? Int)
        #expect(fixes.filter { $0.elevation != nil }.count == reference["trackpoints_with_altitude"] as? Int)
        #expect(fixes.filter { $0.heartRate != nil }.count == reference["trackpoints_with_heart_rate"] as? Int)
        #expect(activity.laps.count == reference["laps"] as? Int)
        #expect(activity.track.segments.count == reference["tracks"] as? Int)
        if let lapDistance = reference["lap_distance_meters_sum"] as? Double {
            #expect(abs((activity.deviceTotals?.distanceMeters ?? -1) - lapDistance) < 0.01)
        }
    }

    @Test func powerAndCadenceFromExtensions() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("tcx/garmin_connect.tcx"))
        #expect(activity.sport == .ride)
        let fixes = activity.track.fixes
        #expect(fixes.filter { $0.power != nil }.count == 313)  // as many <ns3:Watts> as the file has
        #expect(fixes.filter { $0.cadence != nil }.count >= 316)
    }

    @Test func offsetTimesAreUTCInstants() throws {
        // tour_hr.tcx writes times with +01:00.
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("tcx/tour_hr.tcx"))
        let reference = try #require(Fixtures.reference["tcx/tour_hr.tcx"]?["first_time"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expected = try #require(formatter.date(from: reference))
        #expect(activity.track.fixes.first?.time == expected)
    }
}
