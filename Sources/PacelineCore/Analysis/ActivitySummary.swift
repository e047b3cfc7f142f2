import Foundation

/// The statistics of one activity, computed from its fixes, except where the device
/// counted for itself and the file says so: its odometer is the distance (the positions'
/// measure kept beside it) and its total ascent the ascent, so the numbers agree with the
/// runner's watch. Its JSON form is the `paceline analyze --json` contract.
public struct ActivitySummary: Sendable, Hashable {
    public var format: ActivityFormat
    public var sport: Sport
    /// Where `sport` comes from: the file, a guess from the speeds, or the person.
    public var sportSource: SportSource
    public var name: String?
    /// Fixes in the file's track, with or without position.
    public var points: Int
    /// Track segments in the file (empty ones included).
    public var segments: Int
    /// The metres covered, as the device counted them where the file carries its odometer,
    /// otherwise as measured along the kept positions (see `TrackProfile`).
    public var distanceMeters: Double
    /// Metres measured along the kept positions; nil when the activity has none.
    public var gpsDistanceMeters: Double?
    /// The part of the distance that counts (statistics, records, badges, points,
    /// missions), what was left out and why: see `CreditedDistance`.
    public var credited: CreditedDistance
    /// Where `distanceMeters` comes from.
    public var distanceSource: DistanceSource
    /// Where `ascentMeters` and `descentMeters` come from; nil when there are none.
    public var ascentSource: AscentSource?
    /// Wall-clock seconds from start to end, less the clock's jumps (see `ElapsedTime`).
    public var elapsedSeconds: Double?
    public var movingSeconds: Double?
    public var ascentMeters: Double?
    public var descentMeters: Double?
    public var maxSpeedMetersPerSecond: Double?
    public var averageSpeedMetersPerSecond: Double?
    /// Moving seconds per kilometre of the credited distance.
    public var averagePaceSecondsPerKilometer: Double?
    public var startTime: Date?
    public var endTime: Date?
    public var splits: [Split]
    public var heartRate: HeartRateSummary?
    /// Fixes the filter dropped, by reason.
    public var dropped: FixFilter.Counts

    /// Analyses `activity` with the thresholds of its sport.
    /// - Complexity: O(n) in the number of fixes.
    public init(_ activity: Activity, thresholds: SportThresholds? = nil) {
        let thresholds = thresholds ?? .for(activity.sport)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        self.init(activity, profile: TrackProfile(segments: kept, thresholds: thresholds), dropped: dropped, thresholds: thresholds)
    }

    /// Analyses `activity` from the profile of its filtered fixes, made with `thresholds`
    /// (and `dropped`, what the filter left out): for a caller that needs the profile too
    /// (best efforts), so the track is filtered and measured once.
    /// - Complexity: O(n) in the number of fixes.
    public init(_ activity: Activity, profile: TrackProfile, dropped: FixFilter.Counts, thresholds: SportThresholds) {
        let positioned = !profile.segments.isEmpty  // the filter kept some fixes
        let allFixes = activity.track.segments.joined()

        format = activity.format
        sport = activity.sport
        sportSource = activity.sportSource
        name = activity.name
        points = activity.track.fixCount
        segments = activity.track.segments.count
        self.dropped = dropped
        let elapsed = ElapsedTime(activity.track)
        startTime = elapsed?.start
        endTime = elapsed?.end
        elapsedSeconds = elapsed?.seconds

        if positioned {
            distanceMeters = profile.distance
            gpsDistanceMeters = profile.gpsDistance
            distanceSource = profile.isDeviceDistance ? .device : .gps
        } else if let deviceDistance = Self.unpositionedDistance(activity) {
            distanceMeters = deviceDistance
            distanceSource = .device
        } else {
            distanceMeters = 0
            distanceSource = .gps
        }
        credited = CreditedDistance(profile: profile, maximumSpeed: thresholds.maximumSpeed)
        movingSeconds = positioned ? profile.movingTime : nil
        // Over the credited distance: moving time is only counted where times are
        // trusted, so a stretch without them must not make the pace (equal to the
        // recorded distance for an honest recording).
        // An average above the sport's cap is no human's: it is not shown.
        let counted = positioned ? credited.credited : distanceMeters
        if let moving = movingSeconds, moving > 0, counted >= 1, counted / moving <= thresholds.maximumSpeed {
            averageSpeedMetersPerSecond = counted / moving
            averagePaceSecondsPerKilometer = moving / (counted / 1000)
        }
        // Never above what the sport credits: a faster stretch is not credited either.
        maxSpeedMetersPerSecond = Self.maxSpeed(profile, window: thresholds.maxSpeedWindow).map { min($0, thresholds.maximumSpeed) }

        let gain: ElevationGain? = if profile.segments.contains(where: { $0.elevations.contains { $0 != nil } }) {
            ElevationGain(profile: profile, barometric: activity.hasBarometricElevation,
                          hysteresis: thresholds.elevationHysteresis)
        } else if !positioned, allFixes.contains(where: { $0.elevation != nil }) {
            ElevationGain(unpositioned: activity.track.segments, hysteresis: thresholds.elevationHysteresis)
        } else {
            nil
        }
        if let device = activity.deviceTotals, let ascent = device.ascentMeters {
            ascentMeters = ascent
            descentMeters = device.descentMeters ?? gain?.descent
            ascentSource = .device
        } else {
            ascentMeters = gain?.ascent
            descentMeters = gain?.descent
            ascentSource = gain == nil ? nil : activity.elevationFromModel ? .model : .elevations
        }
        splits = Split.kilometers(of: profile, credited: credited)
        heartRate = HeartRateSummary(allFixes)
    }

    /// The distance of an activity without positions (treadmill, pool, trainer, foot pod):
    /// the records' odometer, else the device's total, else its laps' distances added up.
    private static func unpositionedDistance(_ activity: Activity) -> Double? {
        if let odometer = activity.track.segments.joined().lazy.compactMap(\.distance).max() { return odometer }
        if let total = activity.deviceTotals?.distanceMeters { return total }
        let laps = activity.laps.compactMap(\.distanceMeters)
        return laps.isEmpty ? nil : laps.reduce(0, +)
    }

    /// The fastest path speed over any stretch of at least `window` seconds within a
    /// segment: a single spike between two fixes cannot make it.
    private static func maxSpeed(_ profile: TrackProfile, window: Double) -> Double? {
        var best: Double?
        for segment in profile.segments where segment.count > 1 {
            guard let t = segment.times else { continue }
            let d = segment.distances
            var end = 0
            for start in 0..<segment.count {
                if end <= start { end = start + 1 }
                while end < segment.count, t[end] - t[start] < window { end += 1 }
                guard end < segment.count else { break }
                let speed = (d[end] - d[start]) / (t[end] - t[start])
                best = max(best ?? 0, speed)
            }
        }
        return best
    }
}

extension ActivitySummary: Encodable {
    private enum Key: String, CodingKey {
        case format, sport, sportSource, name, points, segments, distanceMeters, gpsDistanceMeters, creditedDistanceMeters, uncredited
        case distanceSource, elapsedSeconds, movingSeconds
        case ascentMeters, descentMeters, ascentSource, maxSpeedMetersPerSecond, averageSpeedMetersPerSecond
        case averagePaceSecondsPerKilometer, startTime, endTime, splits, heartRate, dropped
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(format, forKey: .format)
        try c.encode(sport, forKey: .sport)
        try c.encode(sportSource, forKey: .sportSource)
        try c.encode(name, forKey: .name)
        try c.encode(points, forKey: .points)
        try c.encode(segments, forKey: .segments)
        try c.encode(Self.rounded(distanceMeters, 2), forKey: .distanceMeters)
        try c.encode(gpsDistanceMeters.map { Self.rounded($0, 2) }, forKey: .gpsDistanceMeters)
        try c.encode(Self.rounded(credited.credited, 2), forKey: .creditedDistanceMeters)
        try c.encode(["tooFastMeters": Self.rounded(credited.tooFast, 2), "untimedMeters": Self.rounded(credited.untimed, 2)],
                     forKey: .uncredited)
        try c.encode(distanceSource, forKey: .distanceSource)
        try c.encode(elapsedSeconds.map { Self.rounded($0, 3) }, forKey: .elapsedSeconds)
        try c.encode(movingSeconds.map { Self.rounded($0, 3) }, forKey: .movingSeconds)
        try c.encode(ascentMeters.map { Self.rounded($0, 1) }, forKey: .ascentMeters)
        try c.encode(descentMeters.map { Self.rounded($0, 1) }, forKey: .descentMeters)
        try c.encode(ascentSource, forKey: .ascentSource)
        try c.encode(maxSpeedMetersPerSecond.map { Self.rounded($0, 3) }, forKey: .maxSpeedMetersPerSecond)
        try c.encode(averageSpeedMetersPerSecond.map { Self.rounded($0, 3) }, forKey: .averageSpeedMetersPerSecond)
        try c.encode(averagePaceSecondsPerKilometer.map { Self.rounded($0, 1) }, forKey: .averagePaceSecondsPerKilometer)
        try c.encode(startTime.map(Self.iso8601), forKey: .startTime)
        try c.encode(endTime.map(Self.iso8601), forKey: .endTime)
        try c.encode(splits.map { Split(kilometer: $0.kilometer, seconds: Self.rounded($0.seconds, 1),
                                        elapsedSeconds: Self.rounded($0.elapsedSeconds, 1),
                                        distanceMeters: Self.rounded($0.distanceMeters, 1)) }, forKey: .splits)
        try c.encode(heartRate.map { HeartRateSummary(average: Self.rounded($0.average, 1), minimum: $0.minimum, maximum: $0.maximum) },
                     forKey: .heartRate)
        try c.encode(dropped, forKey: .dropped)
    }

    private static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10.0, Double(digits))
        return (value * scale).rounded() / scale
    }

    /// "2017-06-11T14:34:09Z", with milliseconds only when the time has them
    /// (`TextOutput.append(timestamp:)`: Foundation's formatter loads ICU, a few ms of a
    /// command's start).
    static func iso8601(_ date: Date) -> String {
        var text = TextOutput(reservingCapacity: 24)
        text.append(timestamp: date)
        return String(decoding: text.bytes, as: UTF8.self)
    }
}

/// Where an activity's distance comes from.
public enum DistanceSource: String, Sendable, Hashable, Codable {
    /// Measured along the recorded positions.
    case gps
    /// The device's own count: its odometer in the file's records, or for an activity
    /// without positions its total or its laps'.
    case device
}

/// Where an activity's ascent and descent come from.
public enum AscentSource: String, Sendable, Hashable, Codable {
    /// The device's own totals (a FIT session's total ascent and descent).
    case device
    /// Counted from the recorded elevations (see `ElevationGain`).
    case elevations
    /// Counted from a digital elevation model's heights under the positions (`ElevationModel`).
    case model
}
