import Foundation

/// A run in progress matched live against a pace: fed one fix at a time, as the phone
/// delivers them, it knows where on the route the runner is, whether they have left it,
/// which checkpoints they have covered, and how many seconds they are ahead of the pace.
///
/// Matching (docs/ALGORITHMS.md, "Follow matching"): the candidates for a fix are the
/// pace checkpoints within `matchRadius` of it, not behind the last one passed; of
/// these it takes the one whose distance along the route is closest to where the runner
/// should be (the last matched route distance plus what they have run since). So an
/// out-and-back route or a loop that passes one spot twice resolves to the right pass.
/// No candidate for `deviationDelay` seconds means *deviated*; the next fix near the
/// route means back on it. A grid index finds the candidates, so the cost of a fix does
/// not grow with the route's length.
///
/// ```swift
/// var session = FollowSession(pace: checkpoints)
/// for fix in fixes { if let cue = session.add(fix) { print(cue.aheadSeconds ?? "off route") } }
/// let result = session.result  // coverage and classification
/// ```
public struct FollowSession: Sendable {
    /// The tunable constants of matching.
    public struct Configuration: Sendable, Hashable {
        /// A fix within this many metres of a checkpoint's leg is on the route: 20 m
        /// checkpoint spacing leaves at most 10 m to the nearest, plus phone GPS error.
        public var matchRadius = 30.0
        /// Off the route for this long (seconds) before it counts as deviated, so one
        /// wandering fix does not break a run in two.
        public var deviationDelay = 5.0
        /// Seconds between pacing cues.
        public var cueInterval = 5.0
        /// Fixes worse than this horizontal accuracy (metres) are ignored.
        public var maximumAccuracy = 50.0
        /// Faster than this (m/s) from the last accepted fix is a GPS spike, ignored;
        /// after `spikeRecovery` such fixes in a row the runner really is there.
        public var maximumSpeed = SportThresholds.for(.run).maximumSpeed
        public var spikeRecovery = 3
        /// The runner's own distance accrues in steps of at least this many metres,
        /// so GPS jitter while standing adds nothing.
        public var minimumStep = 5.0
        /// A run that comes this close (metres) to the route's end has finished it.
        public var finishTolerance = 15.0

        public init() {}
    }

    /// The pace being followed.
    public let pace: [Checkpoint]
    public let configuration: Configuration
    private let index: CheckpointIndex

    /// Time of the runner's first fix; elapsed seconds count from it.
    public private(set) var startTime: Date?
    /// Seconds since the first fix, at the last accepted fix.
    public private(set) var elapsed = 0.0
    /// Metres the runner has covered (their own track, on or off the route).
    public var distance: Double { odometer.distance }
    /// Where on the route the runner is; nil before they first reach it.
    public private(set) var position: RoutePosition?
    /// The farthest along the route the runner has been.
    public private(set) var furthest: RoutePosition?
    /// Whether the runner has left the route (or not reached it yet).
    public private(set) var isDeviated = true
    /// When the runner passed each pace checkpoint (elapsed seconds); nil if not covered.
    public private(set) var passages: [Double?]
    /// Seconds ahead of the pace at the last accepted fix; nil while deviated.
    public private(set) var aheadSeconds: Double?

    /// Accepts fixes and measures the runner's own distance (shared with workouts).
    private var odometer = LiveOdometer()
    /// The last on-route fix: its route distance, time and the runner's distance then.
    private var lastOnRoute: (routeDistance: Double, elapsed: Double, distance: Double)?
    /// The runner's own distance when they were last at `furthest`: where they should be
    /// now is `furthest` plus what they have run since.
    private var distanceAtFurthest = 0.0
    private var offRouteSince: Double?
    /// The finish implied by the runner's first fix within `finishTolerance` of the end.
    private var nearFinish: Double?
    private var nextCueAt = 0.0
    /// Follow-run checkpoints so far (one per `Normalization.spacing` of the runner's distance), and those off the route.
    private var runnerCheckpoints = 0
    private var runnerCheckpointsOffRoute = 0

    /// A session following `pace` (at least two checkpoints).
    public init(pace: [Checkpoint], configuration: Configuration = Configuration()) {
        precondition(pace.count >= 2, "a pace needs at least two checkpoints")
        self.pace = pace
        self.configuration = configuration
        index = CheckpointIndex(pace, cellSize: configuration.matchRadius)
        passages = Array(repeating: nil, count: pace.count)
        odometer.maximumAccuracy = configuration.maximumAccuracy
        odometer.maximumSpeed = configuration.maximumSpeed
        odometer.spikeRecovery = configuration.spikeRecovery
        odometer.minimumStep = configuration.minimumStep
    }

    /// Takes the runner's next fix; returns a pacing cue when `cueInterval` seconds have
    /// passed since the last one. Fixes without position or time, inaccurate ones,
    /// spikes and fixes out of time order are ignored.
    /// - Complexity: amortised O(1) in the route's length.
    public mutating func add(_ fix: Fix) -> Cue? {
        guard let date = fix.time else { return nil }
        if startTime == nil { startTime = date }  // the clock starts with the first fix, positioned or not
        let before = odometer.distance
        guard odometer.accept(fix), let accepted = odometer.lastFix else { return nil }
        elapsed = accepted.time - startTime!.timeIntervalSince1970
        if distance > before { countRunnerCheckpoints() }
        match(accepted.coordinate)
        return cueIfDue()
    }

    /// The outcome so far: coverage and classification, and the finish if reached.
    public var result: FollowResult {
        let covered = passages.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        let union = pace.count + runnerCheckpointsOffRoute
        let coverage = Double(covered) / Double(union)
        let end = pace[pace.count - 1]
        let finish: FollowResult.Finish = if let finished = finishElapsed {
            FollowResult.Finish(elapsedSeconds: finished, aheadSeconds: end.elapsed - finished, completed: true)
        } else {
            FollowResult.Finish(elapsedSeconds: elapsed, aheadSeconds: aheadSeconds, completed: false)
        }
        return FollowResult(coverage: coverage, finish: finish)
    }

    /// The runner's own normalized track, for the union in `result`.
    private mutating func countRunnerCheckpoints() {
        while Double(runnerCheckpoints) * Normalization.spacing <= distance {
            runnerCheckpoints += 1
            if isDeviated { runnerCheckpointsOffRoute += 1 }
        }
    }

    private mutating func match(_ coordinate: Coordinate) {
        let floor = furthest?.leg ?? 0
        let expected = furthest.map { $0.distance + distance - distanceAtFurthest } ?? distance
        var best: (index: Int, miss: Double)?
        for candidate in index.candidates(near: coordinate) where candidate >= floor {
            guard Geodesy.distance(coordinate, pace[candidate].coordinate) <= configuration.matchRadius else { continue }
            let miss = abs(pace[candidate].distance - expected)
            if best == nil || miss < best!.miss { best = (candidate, miss) }
        }
        guard let best else { leaveRoute(); return }
        var found = RoutePosition.projecting(coordinate, near: best.index, of: pace, expected: expected)
        // Never back past the last checkpoint passed; within a leg GPS may wobble back.
        if let furthest, found.distance < pace[furthest.leg].distance {
            found = RoutePosition(leg: furthest.leg, distance: pace[furthest.leg].distance)
        }
        noteFinishApproach(found)
        cover(upTo: found)
        position = found
        if furthest == nil || found.distance >= furthest!.distance {
            furthest = found
            distanceAtFurthest = distance
        }
        isDeviated = false
        offRouteSince = nil
        lastOnRoute = (found.distance, elapsed, distance)
        aheadSeconds = found.elapsed(on: pace) - elapsed
        if let finish = finishElapsed, elapsed >= finish { aheadSeconds = pace[pace.count - 1].elapsed - finish }
    }

    /// A run that comes within `finishTolerance` metres of the route's end has finished
    /// it (GPS noise on a finish line may keep it short): at the first fix that close,
    /// plus the time the pace took over what was left.
    private mutating func noteFinishApproach(_ found: RoutePosition) {
        let end = pace[pace.count - 1]
        guard nearFinish == nil, end.distance - found.distance <= configuration.finishTolerance, !isDeviated else { return }
        nearFinish = elapsed + end.elapsed - found.elapsed(on: pace)
    }

    /// When the runner finished: the earlier of their passing the last checkpoint and the
    /// estimate from their first fix within `finishTolerance` of it.
    public var finishElapsed: Double? {
        switch (passages[pace.count - 1], nearFinish) {
        case let (passed?, estimated?): min(passed, estimated)
        case let (passed, estimated): passed ?? estimated
        }
    }

    private mutating func leaveRoute() {
        guard !isDeviated else { return }
        let since = offRouteSince ?? elapsed
        offRouteSince = since
        if elapsed - since >= configuration.deviationDelay {
            isDeviated = true
            aheadSeconds = nil
        }
    }

    /// Records when the runner passed the checkpoints between the last on-route fix and
    /// `found`. A continuous stretch (on the route throughout, and no farther along it
    /// than the runner ran) is interpolated in time; after a deviation or a jump only
    /// the checkpoints within `matchRadius` behind `found` count as covered, so a
    /// shortcut does not cover what it skipped.
    private mutating func cover(upTo found: RoutePosition) {
        let radius = configuration.matchRadius
        if let from = lastOnRoute, !isDeviated,
           found.distance - from.routeDistance <= distance - from.distance + 2 * radius {
            var j = found.leg
            while j > 0, pace[j].distance > from.routeDistance { j -= 1 }
            while j < pace.count, pace[j].distance <= found.distance {
                if pace[j].distance >= from.routeDistance, passages[j] == nil {
                    let span = found.distance - from.routeDistance
                    let f = span > 0 ? (pace[j].distance - from.routeDistance) / span : 1
                    passages[j] = from.elapsed + f * (elapsed - from.elapsed)
                }
                j += 1
            }
        } else {
            var j = found.leg
            while j >= 0, pace[j].distance >= found.distance - radius - (lastOnRoute == nil ? distance : 0) {
                if pace[j].distance <= found.distance, passages[j] == nil { passages[j] = elapsed }
                j -= 1
            }
            if found.leg + 1 < pace.count, pace[found.leg + 1].distance <= found.distance, passages[found.leg + 1] == nil {
                passages[found.leg + 1] = elapsed
            }
        }
    }

    private mutating func cueIfDue() -> Cue? {
        guard elapsed >= nextCueAt else { return nil }
        while nextCueAt <= elapsed { nextCueAt += configuration.cueInterval }
        return Cue(elapsedSeconds: elapsed, distanceMeters: distance, aheadSeconds: aheadSeconds,
                   deviated: isDeviated, started: position != nil,
                   finished: finishElapsed.map { elapsed >= $0 } == true)
    }
}
