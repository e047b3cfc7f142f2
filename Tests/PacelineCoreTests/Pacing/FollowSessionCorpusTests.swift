import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Real device files followed against themselves and against time-shifted copies.
@Suite struct FollowSessionCorpusTests {
    /// Single activities (not multi-day compilations) of at least 1 km with times.
    static let activities: [String] = {
        let folders = [("gpx", "gpx"), ("fit", "fit"), ("tcx", "tcx")]
        return folders.flatMap { Fixtures.files(in: $0.0, withExtension: $0.1) }.compactMap { url in
            guard let activity = try? ActivityReader.read(contentsOf: url) else { return nil }
            let summary = ActivitySummary(activity)
            guard summary.gpsDistanceMeters != nil, summary.distanceMeters >= 1000, summary.segments <= 2,
                  let start = summary.startTime, let end = summary.endTime, end.timeIntervalSince(start) < 12 * 3600,
                  (try? Normalization.checkpoints(of: activity)) != nil else { return nil }
            return url.lastPathComponent
        }.sorted()
    }()

    static func follow(_ run: Activity, against pace: Activity) throws -> (ahead: [Double], result: FollowResult) {
        var session = FollowSession(pace: try Normalization.checkpoints(of: pace))
        let cues = run.track.fixes.compactMap { session.add($0) }
        return (cues.compactMap(\.aheadSeconds), session.result)
    }

    static func read(_ name: String) throws -> Activity {
        let folder = name.hasSuffix(".fit") ? "fit" : name.hasSuffix(".tcx") ? "tcx" : "gpx"
        return try ActivityReader.read(contentsOf: Fixtures.track("\(folder)/\(name)"))
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test func thereAreEnoughActivities() {
        #expect(Self.activities.count >= 12, "\(Self.activities)")
    }

    /// Level with itself: the median gap within half a second. The pace's time between
    /// two checkpoints is interpolated linearly, so where the runner changed speed inside
    /// a 20 m leg (stopping at the finish, a stop mid-route) the gap there is off by up to
    /// the time that change took (docs/ALGORITHMS.md): the finish is held to 5 s.
    @Test(arguments: activities)
    func aRunFollowedAgainstItselfIsLevel(name: String) throws {
        let activity = try Self.read(name)
        let (ahead, result) = try Self.follow(activity, against: activity)
        #expect(result.coverage >= 0.99, "coverage \(result.coverage)")
        #expect(result.classification == .follow)
        #expect(result.finish.completed)
        #expect(abs(result.finish.aheadSeconds!) <= 5, "finish \(result.finish.aheadSeconds!)")
        #expect(abs(Self.median(ahead)) < 0.5, "median gap \(Self.median(ahead))")
    }

    /// The same run started 30 s later (every fix after the first 30 s later): 30 s behind.
    @Test(arguments: activities)
    func aTimeShiftedCopyIsBehindByTheShift(name: String) throws {
        let activity = try Self.read(name)
        var late = activity
        var first = true
        late.track.segments = activity.track.segments.map { segment in
            segment.map { fix in
                guard fix.time != nil, !first else { first = first && fix.time == nil; return fix }
                var shifted = fix
                shifted.time = fix.time!.addingTimeInterval(30)
                return shifted
            }
        }
        let (ahead, result) = try Self.follow(late, against: activity)
        #expect(result.coverage >= 0.99, "coverage \(result.coverage)")
        #expect(abs(result.finish.aheadSeconds! + 30) <= 5, "finish \(result.finish.aheadSeconds!)")
        #expect(abs(Self.median(ahead) + 30) < 0.5, "median gap \(Self.median(ahead))")
    }
}
