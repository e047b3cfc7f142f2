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

/// What a reviewer made of the rules above, each an attempt at a record faster than the
/// sport allows (issue 35's review): none may give an effort faster than the cap.
@Suite("Stops and odometers made into records")
struct StopRecordTests {
    /// Fixes along a line north of (46, 14) at the given (metres, seconds) steps from the
    /// previous fix, `odometer` beside each when given (the device's count, metres).
    static func steps(_ steps: [(metres: Double, seconds: Double, odometer: Double?)], sport: Sport = .run) -> Activity {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var north = 0.0, time = 0.0, odometer = 0.0
        var fixes = [Fix(time: start, coordinate: Coordinate(latitude: 46, longitude: 14))]
        if steps.contains(where: { $0.odometer != nil }) { fixes[0].distance = 0 }
        for step in steps {
            north += step.metres
            time += step.seconds
            var fix = Fix(time: start.addingTimeInterval(time), coordinate: Coordinate(latitude: 46 + north / 111_195, longitude: 14))
            if let growth = step.odometer {
                odometer += growth
                fix.distance = odometer
            }
            fixes.append(fix)
        }
        return Activity(format: .fit, sport: sport, track: Track(segments: [fixes]))
    }

    /// The fastest effort over each record distance `activity` is long enough for, m/s.
    static func fastest(_ activity: Activity) -> Double {
        let thresholds = SportThresholds.for(activity.sport)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        let summary = ActivitySummary(activity, profile: profile, dropped: dropped, thresholds: thresholds)
        let efforts = BestEffort.efforts(in: profile, credited: summary.credited)
        let splits = summary.splits.dropLast().map { $0.distanceMeters / $0.seconds }
        return (efforts.map { $0.distanceMeters / $0.seconds } + splits).max() ?? 0
    }

    @Test("stops of 20 m between sprints at the cap take their time: no 400 m at 22.7 m/s")
    func driftBetweenSprints() {
        // A sprint of 25.1 m in 2.01 s, then steps that cancel it inside their windows so they
        // read as stopped while the stop goes 19.99 m (drift, by its size).
        let cycle: [(Double, Double, Double?)] = [(25.10, 2.01, nil), (-25.05, 5.01, nil)]
            + Array(repeating: (3.764, 5.01, nil), count: 8) + [(-25.05, 5.01, nil)]
        let activity = Self.steps(Array([[(Double, Double, Double?)]](repeating: cycle, count: 150).joined()).map { ($0.0, $0.1, $0.2) })
        #expect(Self.fastest(activity) <= 12.5 + 1e-6, "\(Self.fastest(activity)) m/s")
    }

    @Test("an odometer growing 75 m a step between stops is not believed: no 400 m in 8 s")
    func odometerSlack() {
        // A moving step of 2.01 s whose odometer grows 75 m (the sport's 12.5 m/s and the
        // 50 m slack), then three stopped intervals, the middle one counting 19.99 m.
        let cycle: [(Double, Double, Double?)] = [(2, 2.01, 75), (-2, 5.01, 0), (0, 5.01, 19.99), (0, 5.01, 0)]
        let activity = Self.steps(Array([[(Double, Double, Double?)]](repeating: cycle, count: 100).joined()).map { ($0.0, $0.1, $0.2) })
        #expect(Self.fastest(activity) <= 12.5 + 1e-6, "\(Self.fastest(activity)) m/s")
    }

    @Test("an odometer bridging a break takes the break's time: no marathon in 0 s")
    func bridgeTakesTime() {
        // 60 s at 3 m/s; then, 3,400 s later and 10.2 km further on in a straight line, the
        // odometer 10,200 m higher (3 m/s across the break, as before and after it: a
        // marathon's 42,195 m there, 12.4 m/s, is no longer bridged at all), and 60 s more
        // at 3 m/s.
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        func leg(from second: Double, north: Double, odometer: Double) -> [Fix] {
            (0...60).map { k in
                var fix = Fix(time: start.addingTimeInterval(second + Double(k)),
                              coordinate: Coordinate(latitude: 46 + (north + 3 * Double(k)) / 111_195, longitude: 14))
                fix.distance = odometer + 3 * Double(k)
                return fix
            }
        }
        let activity = Activity(format: .tcx, sport: .run, track: Track(segments: [
            leg(from: 0, north: 0, odometer: 0), leg(from: 3_460, north: 10_380, odometer: 10_380),
        ]))
        let fastest = Self.fastest(activity)
        #expect(fastest <= 12.5 + 1e-6, "\(fastest) m/s")
        #expect(fastest > 0)
    }
}
