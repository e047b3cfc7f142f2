import Foundation

/// The sport of an activity whose file names none (most GPX files, TCX `Other`, FIT
/// `generic`), guessed from how fast it moved and how much it climbed, as Strava and
/// Garmin Connect guess a phone's upload.
///
/// The track is measured with the loosest thresholds (`other`'s) and then:
/// - sustained speed is the 90th percentile of the speeds over every minute spent moving
///   (a descent or a sprint is a short part of a run or a ride, and leaves it alone);
/// - above `motorised` sustained (54 km/h) nobody is pedalling: `other`;
/// - above `riding` sustained (19.8 km/h, 3:02 /km: a marathon record holds 2:55 /km,
///   so a run faster for a tenth of its minutes is a world record), or an average above
///   `fastestRun` (16 km/h, 3:45 /km, which few runners hold for a whole run): a ride;
/// - an average of at least `slowestRun` (6.7 km/h, 9:00 /km; a brisk walk is 6 km/h): a run;
/// - slower: a walk, or a hike when it climbs at least `hikingClimb` (40 m a km, a 4 %
///   climb on average: a trail, not a town).
///
/// Nothing to go on (no timed positions, under `minimumDistance` or `minimumMoving`):
/// no guess. docs/ALGORITHMS.md ("The sport a file doesn't name") has the corpus check.
public enum SportInference {
    /// m/s sustained above which the activity is motorised.
    public static let motorised = 15.0
    /// m/s sustained above which it is a ride.
    public static let riding = 5.5
    /// m/s on average above which it is a ride.
    public static let fastestRun = 4.5
    /// m/s on average from which it is a run.
    public static let slowestRun = 1.85
    /// Metres of ascent per kilometre from which a walk is a hike.
    public static let hikingClimb = 40.0
    /// Metres below which there is nothing to go on.
    public static let minimumDistance = 200.0
    /// Moving seconds below which there is nothing to go on.
    public static let minimumMoving = 60.0
    /// Seconds over which a sustained speed is measured.
    static let window = 60.0

    /// What the activity looks like, with the evidence; nil when there is nothing to go on.
    /// - Complexity: O(n log n) in the fixes.
    public static func guess(_ activity: Activity) -> (sport: Sport, averageSpeed: Double, sustainedSpeed: Double)? {
        let thresholds = SportThresholds.for(.other)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        guard let moving = profile.movingTime, moving >= minimumMoving, profile.gpsDistance >= minimumDistance else { return nil }
        var measured = activity
        measured.sport = .other
        let summary = ActivitySummary(measured, profile: profile, dropped: dropped, thresholds: thresholds)
        let average = summary.credited.credited / moving
        let sustained = sustainedSpeed(profile) ?? average
        let climb = (summary.ascentMeters ?? 0) / (summary.distanceMeters / 1000)
        let sport: Sport = if sustained > motorised { .other }
            else if sustained > riding || average > fastestRun { .ride }
            else if average >= slowestRun { .run }
            else if climb >= hikingClimb { .hike }
            else { .walk }
        return (sport, average, sustained)
    }

    /// The 90th percentile of the speeds over each minute spent moving (at least 80 % of
    /// it), window starting at every fix; nil when there is no such minute.
    static func sustainedSpeed(_ profile: TrackProfile) -> Double? {
        var speeds: [Double] = []
        for segment in profile.segments {
            guard let t = segment.times, let m = segment.movingTimes else { continue }
            let d = segment.distances
            var end = 0
            for start in 0..<segment.count {
                end = max(end, start)
                while end < segment.count, t[end] - t[start] < window { end += 1 }
                guard end < segment.count else { break }
                let seconds = t[end] - t[start]
                if m[end] - m[start] >= 0.8 * seconds { speeds.append((d[end] - d[start]) / seconds) }
            }
        }
        guard !speeds.isEmpty else { return nil }
        speeds.sort()
        return speeds[min(speeds.count - 1, Int(Double(speeds.count) * 0.9))]
    }
}

/// Where an activity's sport comes from.
public enum SportSource: String, Sendable, Hashable, Codable {
    /// The file names it.
    case file
    /// The file names none: `SportInference` guessed it from the speeds and the climb.
    case inferred
    /// The person said (`--sport`, the upload's `sport`).
    case chosen
}

extension Activity {
    /// Guesses the sport (`SportInference`) when the file names none (`other`, and not
    /// `namesUnlistedSport`) and there is
    /// something to go on, and says so in `sportSource`.
    public mutating func inferSportIfUnnamed() {
        guard sport == .other, sportSource == .file, !namesUnlistedSport, let guess = SportInference.guess(self) else { return }
        sport = guess.sport
        sportSource = .inferred
    }
}
