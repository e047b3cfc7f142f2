import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// A file of several activities reads as several (`ActivityReader.readAll`): a
/// triathlon's FIT sessions, a Training Center history of several `<Activity>`s, GPX
/// tracks recorded days apart; `read` still takes the file whole, as the peers do.
@Suite struct SeveralActivitiesTests {
    private static func all(_ path: String) throws -> [Activity] {
        try ActivityReader.readAll(contentsOf: Fixtures.track(path))
    }

    @Test func aTriathlonsSessionsAreItsLegs() throws {
        // Garmin's auto multisport: swim, transition, ride, transition, run (fitdecode's sample).
        let legs = try Self.all("fit/sample_mulitple_header.fit")
        #expect(legs.map(\.sport) == [.swim, .other, .ride, .other, .run])
        let whole = try ActivityReader.read(contentsOf: Fixtures.track("fit/sample_mulitple_header.fit"))
        #expect(legs.reduce(0) { $0 + $1.track.fixCount } == whole.track.fixCount)
        #expect(legs.reduce(0) { $0 + $1.laps.count } == whole.laps.count)
        // Each leg's own numbers agree with its session (fitdecode: 1,644.71 m of swim,
        // 40,909.42 m of ride, 9,805.92 m of run).
        let sessions = [1644.71, 141.7, 40909.42, 31.93, 9805.92]
        for (leg, session) in zip(legs, sessions) {
            #expect(leg.deviceTotals?.distanceMeters == session)
            let summary = ActivitySummary(leg)
            #expect(abs(summary.distanceMeters - session) <= 0.02 * session + 5, "\(leg.sport): \(summary.distanceMeters) m")
        }
        let run = ActivitySummary(legs[4])
        let start = try #require(run.startTime), end = try #require(run.endTime)
        #expect(start >= ISO8601DateFormatter().date(from: "2018-05-27T09:23:41Z")!)
        #expect(end <= ISO8601DateFormatter().date(from: "2018-05-27T10:11:32Z")!)
    }

    @Test func aFenixMultisportDayIsSevenActivities() throws {
        let legs = try Self.all("fit/activity-large-fenxi2-multisport.fit")
        #expect(legs.map(\.sport) == [.other, .other, .run, .other, .run, .other, .ride])
        #expect(legs.reduce(0) { $0 + $1.track.fixCount } == 24239)
        // The second run leg: fitdecode's session says 12,740.37 m.
        #expect(abs(ActivitySummary(legs[4]).distanceMeters - 12740.37) < 0.02 * 12740.37)
    }

    @Test func aSingleSessionIsOneActivity() throws {
        #expect(try Self.all("fit/2013-02-06-12-11-14.fit").count == 1)
        #expect(try Self.all("tcx/garmin_connect.tcx").count == 1)
        #expect(try Self.all("gpx/korita-zbevnica.gpx").count == 1)
    }

    /// A Training Center history of four activities, made of four real TCX files as
    /// Training Center writes a history: one `<Activities>` holding each `<Activity>`.
    @Test func aTCXHistoryOfFourActivitiesIsFour() throws {
        let files = ["tcx/test.tcx", "tcx/garmin_connect.tcx", "tcx/sample.tcx", "tcx/tour_hr.tcx"]
        var activities = ""
        for file in files {
            let text = try String(contentsOf: Fixtures.track(file), encoding: .utf8)
            let start = try #require(text.range(of: "<Activity "))
            let end = try #require(text.range(of: "</Activity>", options: .backwards))
            activities += text[start.lowerBound..<end.upperBound] + "\n"
        }
        let history = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
            <Activities>
            \(activities)</Activities>
            </TrainingCenterDatabase>
            """
        let read = try ActivityReader.readAll(Data(history.utf8), format: .tcx)
        #expect(read.count == 4)
        for (activity, file) in zip(read, files) {
            let alone = try ActivityReader.read(contentsOf: Fixtures.track(file))
            #expect(activity.track == alone.track, "\(file)")
            #expect(activity.laps == alone.laps, "\(file)")
            #expect(activity.sport == alone.sport, "\(file)")
            #expect(activity.deviceTotals == alone.deviceTotals, "\(file)")
            let elapsed = try #require(ActivitySummary(activity).elapsedSeconds)
            #expect(elapsed < 86_400, "\(file): \(elapsed) s")
        }
    }

    @Test func gpxTracksDaysApartAreSeparateActivities() throws {
        // Three days' walks ("Tag 1", "Tag 2", "Tag 3").
        let days = try Self.all("gpx/multitrackgpx.gpx")
        #expect(days.map(\.name) == ["Tag 1", "Tag 2", "Tag 3"])
        #expect(days.map(\.track.fixCount) == [38, 65, 14])
        // Three loops on three days in May, June and October, listed out of order.
        #expect(try Self.all("gpx/blue_hills.gpx").map(\.name) == ["BIG LOOP", "BUCK HILL", "SHORT LOOP"])
        // "Day 01" and "Day 02" of a CalTopo trip, 17 hours apart.
        #expect(try Self.all("gpx/caltopo-export.gpx").count == 2)
        // A GPS's ACTIVE LOG #1…#8 of one afternoon, minutes apart, is one walk.
        #expect(try Self.all("gpx/cerknicko-jezero.gpx").count == 1)
    }

    @Test func untimedTracksStayWithTheActivityTheyFollow() throws {
        // Two untimed tracks, then two timed ones of one morning: one activity.
        let korita = try Self.all("gpx/korita-zbevnica.gpx")
        #expect(korita.count == 1)
        #expect(korita[0].track.fixCount == 358 + 176 + 337)
        // 2007, then 2009 followed by an untimed track: two.
        let osm = try Self.all("gpx/osm.gpx")
        #expect(osm.map(\.track.fixCount) == [60, 115 + 245])
    }

    @Test func readingWholeJoinsThePartsInFileOrder() throws {
        for path in ["gpx/blue_hills.gpx", "fit/sample_mulitple_header.fit", "gpx/osm.gpx"] {
            let parts = try Self.all(path)
            let whole = try ActivityReader.read(contentsOf: Fixtures.track(path))
            #expect(whole.track.segments == parts.flatMap(\.track.segments), "\(path)")
            #expect(whole.sport == .other, "\(path)")
        }
    }
}
