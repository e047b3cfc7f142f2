import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

@Suite struct GPXReaderTests {
    static let files = Fixtures.files(in: "gpx", withExtension: "gpx")

    @Test func corpusIsPresent() {
        #expect(Self.files.count == 24, "expected the 24 GPX files of Tests/Fixtures/tracks/gpx")
    }

    /// Every GPX file parses with gpxpy's point and segment counts.
    @Test(arguments: files)
    func countsMatchGpxpy(_ url: URL) throws {
        let activity = try ActivityReader.read(contentsOf: url)
        let reference = try #require(Fixtures.reference["gpx/" + url.lastPathComponent])
        #expect(activity.format == .gpx)
        #expect(activity.track.fixCount == reference["points"] as? Int)
        #expect(activity.track.segments.count == reference["segments"] as? Int)
        #expect(activity.routes.reduce(0) { $0 + $1.count } == reference["route_points"] as? Int)
        #expect(activity.waypoints.count == reference["waypoints"] as? Int)
        let fixes = activity.track.fixes
        #expect(fixes.filter { $0.time != nil }.count == reference["points_with_time"] as? Int)
        #expect(fixes.filter { $0.elevation != nil }.count == reference["points_with_elevation"] as? Int)
    }

    @Test func garminTrackPointExtension() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/garmin-activity.gpx"))
        let fixes = activity.track.fixes
        #expect(fixes.allSatisfy { $0.heartRate != nil && $0.cadence != nil })
        #expect(activity.sport == .run)
        #expect(fixes.first?.heartRate == 82 || fixes.first?.heartRate != nil)
    }

    @Test func timeZoneOffsetsAreHonoured() throws {
        // <time>2021-01-07T21:51:59.179+01:15</time> is 20:36:59.179 UTC.
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/gpx_timezone.gpx"))
        let time = try #require(activity.track.fixes.first?.time)
        let utc = try #require(ISO8601DateFormatter().date(from: "2021-01-07T20:36:59Z"))
        #expect(abs(time.timeIntervalSince(utc) - 0.179) < 1e-6)
    }

    @Test func emptyElevationIsAbsent() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/empty_ele.gpx"))
        #expect(activity.track.fixCount == 2)
        #expect(activity.track.fixes.allSatisfy { $0.elevation == nil })
    }

    @Test func appleWatchAccuracyExtension() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/apple_watch_route.gpx"))
        #expect(activity.track.fixes.allSatisfy { $0.horizontalAccuracy != nil && $0.speed != nil })
    }

    @Test func routeOnlyFileKeepsItsRoute() throws {
        let activity = try ActivityReader.read(contentsOf: Fixtures.track("gpx/ecology-trail-and-lovers-lane-loop.gpx"))
        #expect(activity.track.fixCount == 0)
        #expect(activity.routes.count == 1 && activity.routes[0].count == 139)
    }

    @Test func readingInTinyChunksGivesTheSameFixes() throws {
        // Tokens straddle chunk boundaries everywhere when chunks are 7 bytes.
        for name in ["garmin-activity.gpx", "blue_hills.gpx", "around-visnjan-with-car.gpx"] {
            let url = Fixtures.track("gpx/" + name)
            let whole = try GPXReader.read(ByteStream(data: Data(contentsOf: url)))
            let chunked = try GPXReader.read(ByteStream(contentsOf: url, chunkSize: 7))
            #expect(whole.track == chunked.track, "\(name)")
            #expect(whole.waypoints == chunked.waypoints)
        }
    }
}
