import Foundation

/// Everything read from one activity file: the recorded track plus what the
/// device said about itself. Statistics are computed from `track`, never copied
/// from `deviceTotals`, which are kept only as a second opinion.
public struct Activity: Sendable {
    /// The file format the activity came from.
    public var format: ActivityFormat
    /// A name the file gives the activity, if any.
    public var name: String?
    /// The sport, from the file when it says, otherwise `.other` (see `inferSportIfUnnamed`).
    public var sport: Sport
    /// Where `sport` comes from: the file unless something else set it.
    public var sportSource: SportSource = .file
    /// Whether the file names a sport Paceline has no name for (a FIT transition, rowing,
    /// skiing): `sport` is then `.other` because the file says so, and is not guessed.
    public var namesUnlistedSport = false
    /// The recorded fixes.
    public var track: Track
    /// GPX `<rte>` routes (planned paths, no times), kept apart from the track.
    public var routes: [[Fix]]
    /// GPX waypoints.
    public var waypoints: [Waypoint]
    /// Laps as the device recorded them (TCX `<Lap>`, FIT lap messages).
    public var laps: [Lap]
    /// Totals the device computed itself (TCX laps, FIT sessions), if the file has them.
    public var deviceTotals: DeviceTotals?
    /// Whether elevations are altimeter-grade: from a barometric altimeter, or filtered on
    /// the device as smoothly (see `FITReader`); they are then smoothed over seconds,
    /// not over 100 m of road (see `ElevationGain`).
    public var hasBarometricElevation: Bool
    /// Whether the elevations are a digital elevation model's heights under the positions
    /// (`ElevationModel`), put in place of the satellites' own.
    public var elevationFromModel = false
    /// Whether the activity was ridden or run in a virtual world (FIT sub_sport
    /// virtual_activity: Zwift, a trainer's app): its positions are a game's, not the
    /// Earth's, so its distance is the trainer's, and it makes no route, segment effort or
    /// heat-map line.
    public var isVirtual = false

    public init(
        format: ActivityFormat, name: String? = nil, sport: Sport = .other, track: Track = Track(),
        routes: [[Fix]] = [], waypoints: [Waypoint] = [], laps: [Lap] = [],
        deviceTotals: DeviceTotals? = nil, hasBarometricElevation: Bool = false
    ) {
        self.format = format
        self.name = name
        self.sport = sport
        self.track = track
        self.routes = routes
        self.waypoints = waypoints
        self.laps = laps
        self.deviceTotals = deviceTotals
        self.hasBarometricElevation = hasBarometricElevation
    }
}

/// A named point (GPX `<wpt>`).
public struct Waypoint: Sendable, Hashable {
    public var name: String?
    public var fix: Fix

    public init(name: String? = nil, fix: Fix) {
        self.name = name
        self.fix = fix
    }
}

/// A lap as the device recorded it.
public struct Lap: Sendable, Hashable {
    public var startTime: Date?
    /// Seconds the lap's timer ran.
    public var timerSeconds: Double?
    /// Metres the device counted for the lap.
    public var distanceMeters: Double?

    public init(startTime: Date? = nil, timerSeconds: Double? = nil, distanceMeters: Double? = nil) {
        self.startTime = startTime
        self.timerSeconds = timerSeconds
        self.distanceMeters = distanceMeters
    }
}

/// Totals a device computed and wrote into the file (summed over sessions or laps).
public struct DeviceTotals: Sendable, Hashable {
    public var distanceMeters: Double?
    public var elapsedSeconds: Double?
    public var timerSeconds: Double?
    public var ascentMeters: Double?
    public var descentMeters: Double?

    public init(
        distanceMeters: Double? = nil, elapsedSeconds: Double? = nil, timerSeconds: Double? = nil,
        ascentMeters: Double? = nil, descentMeters: Double? = nil
    ) {
        self.distanceMeters = distanceMeters
        self.elapsedSeconds = elapsedSeconds
        self.timerSeconds = timerSeconds
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
    }
}
