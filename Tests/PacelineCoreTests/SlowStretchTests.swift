import Foundation
import PacelineCore
import Testing

/// A slow stretch that the moving rule reads as a stop (issue 35): its distance must take
/// its time, so no effort, split or maximum speed is made of it.
@Suite("A slow stretch read as a stop")
struct SlowStretchTests {
    /// Fixes one second apart due north from (46, 14), at `speeds` (m/s) for as many seconds
    /// each: the issue's upload is 200 s at 2.5, 1,500 s at 0.5 and 300 s at 2.5.
    static func straightLine(_ legs: [(speed: Double, seconds: Int)]) -> Activity {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var fixes: [Fix] = []
        var north = 0.0, second = 0
        fixes.append(Fix(time: start, coordinate: Coordinate(latitude: 46, longitude: 14)))
        for leg in legs {
            for _ in 0..<leg.seconds {
                north += leg.speed
                second += 1
                fixes.append(Fix(time: start.addingTimeInterval(Double(second)),
                                 coordinate: Coordinate(latitude: 46 + north / 111_195, longitude: 14)))
            }
        }
        return Activity(format: .gpx, sport: .run, track: Track(segments: [fixes]))
    }

    static let issue = straightLine([(2.5, 200), (0.5, 1500), (2.5, 300)])

    @Test("the issue's run: no effort, split or maximum speed faster than 2.5 m/s, and the distance kept")
    func issueRun() throws {
        let thresholds = SportThresholds.for(.run)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(Self.issue.track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        let summary = ActivitySummary(Self.issue, profile: profile, dropped: dropped, thresholds: thresholds)
        #expect(abs(summary.distanceMeters - 2000) < 10, "\(summary.distanceMeters)")
        #expect(summary.credited.credited == summary.distanceMeters)
        let maxSpeed = try #require(summary.maxSpeedMetersPerSecond)
        #expect(maxSpeed < 2.6, "max speed \(maxSpeed)")
        // Moving time: the 500 s at 2.5 m/s, and the 750 m of the slow stretch at no more
        // than the stopping speed (0.8 m/s), so the average is no faster than anything run.
        let moving = try #require(summary.movingSeconds)
        #expect(moving >= 500 + 750 / 0.8 - 10 && moving <= 2000, "moving \(moving)")
        let average = try #require(summary.averageSpeedMetersPerSecond)
        #expect(average <= 2.5, "average \(average)")
        let efforts = BestEffort.efforts(in: profile, credited: summary.credited)
        for effort in efforts {
            #expect(effort.distanceMeters / effort.seconds <= 2.55, "\(effort.distanceMeters) m in \(effort.seconds) s")
        }
        #expect(efforts.map(\.distanceMeters) == [400, 1000, 1609.344])
        for split in summary.splits {
            #expect(split.distanceMeters / split.seconds <= 2.55, "split \(split)")
        }
    }

    @Test("checkpoints follow the slow stretch: no 750 m jump between two of them")
    func checkpoints() throws {
        let checkpoints = try Normalization.checkpoints(of: Self.issue)
        #expect(abs(checkpoints.last!.distance - 2000) < 10, "\(checkpoints.last!.distance)")
        for (before, after) in zip(checkpoints, checkpoints.dropFirst()) {
            let apart = Geodesy.distance(before.coordinate, after.coordinate)
            #expect(apart < 25, "checkpoints at \(before.distance) and \(after.distance) m lie \(apart) m apart")
        }
    }

    @Test("a real stop still adds nothing but its jitter, and no moving time beyond it")
    func realStop() throws {
        // 1 km at 3 m/s, 5 minutes standing (no motion), 1 km at 3 m/s.
        let activity = Self.straightLine([(3, 333), (0, 300), (3, 333)])
        let summary = ActivitySummary(activity)
        #expect(abs(summary.distanceMeters - 1998) < 5, "\(summary.distanceMeters)")
        let moving = try #require(summary.movingSeconds)
        #expect(moving > 660 && moving < 680, "moving \(moving)")
    }
}
