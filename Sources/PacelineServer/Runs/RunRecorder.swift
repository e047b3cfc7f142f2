import Foundation
import PacelineCore

/// Makes a `Run` row of an uploaded activity: every statistic computed here by
/// `ActivitySummary`, from the fixes (with the device's odometer where the file has one),
/// whatever totals the file or client claims, and the credited distance beside the
/// recorded one (`CreditedDistance`: the sport's maximum speed caps an odometer as it caps
/// positions), so what is shown and what counts are the numbers kept.
package enum RunRecorder {
    /// The shortest run accepted, metres: less is a GPS test, not a run.
    static let minimumDistance = 20.0

    /// A new run of `activity`, and its checkpoints (nil when it has no timed path to
    /// measure them on), measured from the same profile as its statistics: what its
    /// segment efforts are found on (`RunAftermath`). Its training load is measured with
    /// the owner's `physiology` in force on its day, on the clock `utcOffsetSeconds` east of
    /// UTC the runner's device said (nil: none said).
    package static func run(of activity: Activity, format: RunOrigin, owner: User, privacy: Privacy, name: String?,
                            utcOffsetSeconds: Int? = nil, physiology: PhysiologyHistory = .none) throws -> (run: Run, checkpoints: [Checkpoint]?) {
        let run = Run()
        run.$owner.id = owner.id!
        run.utcOffsetSeconds = utcOffsetSeconds
        let (summary, checkpoints, start) = try measure(run, activity, owner: owner, physiology: physiology)
        run.name = name ?? ActivityName.meaningful(summary.name).map { TextInput.storable($0, .name) }
        run.privacy = privacy
        run.format = format
        keep(activity, summary, start: start, in: run)
        return (run, checkpoints)
    }

    /// Measures `run` again with today's rules (`AnalysisRules`) from its original file,
    /// read as its upload was (`activity`): everything an upload measures and keeps (the
    /// track, its times, its ascent), but what its owner chose (its sport, name, privacy).
    /// Returns its checkpoints (nil when there is no timed path), for its segment efforts.
    /// - Throws: `Refusal` (unprocessable) when today's rules find no run in it (nothing changes then).
    package static func remeasure(_ run: Run, fromOriginal activity: Activity, owner: User,
                                  physiology: PhysiologyHistory = .none) throws -> [Checkpoint]? {
        var activity = activity
        activity.sport = run.sport
        let (summary, checkpoints, start) = try measure(run, activity, owner: owner, physiology: physiology)
        keep(activity, summary, start: start, in: run)
        return checkpoints
    }

    /// Keeps what an upload keeps beside the statistics: the times, ascent, start, track and
    /// heat-map lines of `activity`.
    private static func keep(_ activity: Activity, _ summary: ActivitySummary, start: Coordinate, in run: Run) {
        run.startTime = summary.startTime
        run.endTime = summary.endTime
        run.ascentMeters = summary.ascentMeters ?? 0
        run.descentMeters = summary.descentMeters ?? 0
        run.startLatitude = start.latitude
        run.startLongitude = start.longitude
        run.track = CompactTrack.encode(activity.track, barometric: activity.hasBarometricElevation)
        // A virtual world's positions draw no line on the Earth's map.
        run.heatLines = activity.isVirtual ? nil : HeatLine.lines(of: activity.track)
    }

    /// Measures `run` again as `sport` (its owner corrected it): everything the sport's
    /// thresholds decide (distance, moving time, credited distance, pace, splits, best
    /// efforts, calories, steps) from the stored track, whose fixes keep a device's
    /// odometer; the ascent stays as stored (it may be a device's own total, which the
    /// track does not hold, and no threshold of a sport changes it).
    /// Returns the run's checkpoints as the new sport measures them (nil when there is no
    /// timed path), for its segment efforts (`SegmentMatching.rematch`).
    /// - Throws: `Refusal` (unprocessable) when the run would no longer be one as `sport` (nothing changes then).
    package static func remeasure(_ run: Run, as sport: Sport, owner: User, physiology: PhysiologyHistory = .none) throws -> [Checkpoint]? {
        var activity = try run.activity()
        activity.sport = sport
        activity.sportSource = .chosen
        return try measure(run, activity, owner: owner, physiology: physiology).checkpoints
    }

    /// Measures `run` again with today's rules (`AnalysisRules`) from its stored track, as
    /// a run stored before its original was kept must be: what its sport's thresholds
    /// decide, as `remeasure(_:as:owner:)` does for a new sport.
    package static func remeasure(_ run: Run, owner: User, physiology: PhysiologyHistory = .none) throws -> [Checkpoint]? {
        try measure(run, try run.activity(), owner: owner, physiology: physiology).checkpoints
    }

    /// Fills `run`'s columns that its sport's thresholds decide, from `activity`; returns
    /// the summary, the checkpoints along the profile it was measured on, and where the
    /// track starts. Checks first, so a throw changes nothing.
    /// - Throws: `Refusal` (unprocessable) when there is no timed GPS track, or too little of it can be credited.
    private static func measure(_ run: Run, _ activity: Activity, owner: User,
                                physiology: PhysiologyHistory) throws -> (summary: ActivitySummary, checkpoints: [Checkpoint]?, start: Coordinate) {
        let thresholds = SportThresholds.for(activity.sport)
        let (profile, summary) = profile(of: activity)
        guard summary.gpsDistanceMeters != nil, let startTime = summary.startTime,
              let start = activity.track.fixes.first(where: { $0.coordinate != nil && $0.time != nil })?.coordinate else {
            throw Refusal(.unprocessable, code: "no_gps_track",
                           message: "the run has no timed GPS positions, so there is no path to measure")
        }
        let credited = summary.credited
        guard credited.credited >= minimumDistance else {
            throw Refusal(.unprocessable, code: "too_short", message: credited.uncredited > 0
                ? "only \(Int(credited.credited)) m of the run's \(Int(summary.distanceMeters)) m can be credited (\(reasons(credited, maximumSpeed: thresholds.maximumSpeed))); at least \(Int(minimumDistance)) m is needed to save it"
                : "the run covers \(Int(summary.distanceMeters)) m; at least \(Int(minimumDistance)) m is needed to save it")
        }
        let moving = summary.movingSeconds ?? 0
        run.sport = activity.sport
        run.isVirtual = activity.isVirtual
        run.analysisVersion = AnalysisRules.version
        run.points = summary.points
        run.distanceMeters = summary.distanceMeters
        run.gpsDistanceMeters = summary.gpsDistanceMeters
        run.creditedDistanceMeters = credited.credited
        run.tooFastMeters = credited.tooFast
        run.untimedMeters = credited.untimed
        run.elapsedSeconds = summary.elapsedSeconds ?? 0
        run.movingSeconds = moving
        run.maxSpeed = summary.maxSpeedMetersPerSecond
        run.averagePace = summary.averagePaceSecondsPerKilometer
        run.calories = Calories.kilocalories(sport: activity.sport, averageSpeed: summary.averageSpeedMetersPerSecond ?? 0,
                                             movingSeconds: moving, weight: owner.weightKilograms)
        run.splits = summary.splits
        run.bestEfforts = BestEffort.efforts(in: profile, credited: credited)
        run.sensors = SensorSummary(activity)
        let steps = StepCount(activity, distance: credited.credited, stepLength: owner.stepLengthMeters)
        run.steps = steps?.steps
        run.stepsEstimated = steps?.isEstimated
        // Its day on the runner's calendar: the clock they sent, else the start's longitude's.
        let day = LocalDay(instant: startTime, utcOffsetSeconds: run.utcOffsetSeconds ?? LocalDay.fallbackOffset(longitude: start.longitude))
        let load = TrainingLoad.of(activity.track, sport: activity.sport, physiology: physiology.inForce(on: day))
        (run.trainingLoad, run.trainingLoadSource, run.trainingLoadOutdated) = (load?.value, load?.source, nil)
        // A virtual world's positions are no path on the Earth: no segment effort, no route.
        let checkpoints = activity.isVirtual ? nil : try? Normalization.checkpoints(of: activity, profile: profile)
        return (summary, checkpoints, start)
    }

    /// `activity`'s best efforts along its credited distance, as an upload measures them
    /// (migration 019 measures the stored runs again with it).
    static func bestEfforts(of activity: Activity) -> [BestEffort] {
        let (profile, summary) = profile(of: activity)
        return BestEffort.efforts(in: profile, credited: summary.credited)
    }

    /// `activity`'s profile (the fixes its sport's thresholds keep) and its summary.
    private static func profile(of activity: Activity) -> (TrackProfile, ActivitySummary) {
        let thresholds = SportThresholds.for(activity.sport)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        return (profile, ActivitySummary(activity, profile: profile, dropped: dropped, thresholds: thresholds))
    }

    /// Why metres were not credited, for people: "999000 m where the times can't be trusted".
    private static func reasons(_ credited: CreditedDistance, maximumSpeed: Double) -> String {
        [credited.tooFast > 0 ? "\(Int(credited.tooFast.rounded())) m faster than \(maximumSpeed) m/s" : nil,
         credited.untimed > 0 ? "\(Int(credited.untimed.rounded())) m where the times can't be trusted" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }
}

