import Foundation

/// Turns decoded FIT messages into an `Activity`: records into fixes and segments,
/// laps, session totals, sport. See `FITReader` for the rules.
struct FITActivityBuilder {
    private var segments: [[Fix]] = []
    private var current: [Fix] = []
    /// A timer stop, a session or a new file was seen: the next record starts a segment.
    private var breakPending = false
    private var laps: [Lap] = []
    private var sportMessageSport: Sport?
    /// A `sport` or `session` message said sub_sport virtual_activity.
    private var virtual = false
    /// Sessions in file order: devices often write every session at the end of the file,
    /// after all records, so session boundaries are applied when building.
    private var sessions: [Session] = []
    /// What has been read, against `FileLimits`.
    private var count = FileCount()
    private var anyAltitude = false
    private var anyTotalAscent = false
    /// compressed_speed_distance: distance in 1/16 m, accumulated across rollovers.
    private var accumulatedDistance = 0

    init() {
        current.reserveCapacity(4096)
    }

    mutating func startFile() {
        breakPending = true
    }

    /// Takes in one data message.
    /// - Throws: `ActivityFileError` (`.overLimit`) past `FileLimits`.
    mutating func add(_ message: FITMessage) throws(ActivityFileError) {
        switch message.globalMessageNumber {
        case FITProfile.Message.record: try addRecord(message)
        case FITProfile.Message.event: try addEvent(message)
        case FITProfile.Message.lap: try addLap(message)
        case FITProfile.Message.session: try addSession(message)
        case FITProfile.Message.sport:
            if sportMessageSport == nil, let sport = message.integer(0) { sportMessageSport = FITProfile.sport(sport) }
            if message.integer(1) == FITProfile.virtualActivity { virtual = true }
        default: break
        }
    }

    private mutating func addRecord(_ m: FITMessage) throws(ActivityFileError) {
        try count.add(.point)
        if breakPending {
            if !current.isEmpty {
                try count.add(.segment)
                segments.append(current)
                current = []
            }
            breakPending = false
        }
        var fix = Fix()
        if let t = m.timestamp { fix.time = FITProfile.date(t) }
        if let lat = m.number(0), let lon = m.number(1) {
            let scale = 180.0 / 2_147_483_648.0
            let coordinate = Coordinate(latitude: lat * scale, longitude: lon * scale)
            if coordinate.isValid { fix.coordinate = coordinate }
        }
        fix.elevation = m.number(78, scale: 5, offset: 500) ?? m.number(2, scale: 5, offset: 500)
        if fix.elevation != nil { anyAltitude = true }
        fix.heartRate = m.integer(3)
        fix.cadence = m.integer(4)
        fix.power = m.integer(7)
        fix.speed = m.number(73, scale: 1000) ?? m.number(6, scale: 1000)
        fix.distance = m.number(5, scale: 100)
        if let packed = m.byteArray(8), packed.count >= 3 {
            // 12 bits speed (1/100 m/s), then 12 bits distance (1/16 m) that roll over at 4096.
            let speed = Int(packed[0]) | Int(packed[1] & 0x0F) << 8
            let distance = Int(packed[1] >> 4) | Int(packed[2]) << 4
            var total = (accumulatedDistance & ~0xFFF) + distance
            if distance < accumulatedDistance & 0xFFF { total += 0x1000 }
            accumulatedDistance = total
            if fix.speed == nil { fix.speed = Double(speed) / 100 }
            if fix.distance == nil { fix.distance = Double(total) / 16 }
        }
        current.append(fix)
    }

    private mutating func addEvent(_ m: FITMessage) throws(ActivityFileError) {
        try count.add(.event)
        guard m.integer(0) == FITProfile.timerEvent, let type = m.integer(1) else { return }
        if FITProfile.stopEventTypes.contains(type) { breakPending = true }
    }

    private mutating func addLap(_ m: FITMessage) throws(ActivityFileError) {
        try count.add(.lap)
        let start = m.number(2).flatMap { UInt32(exactly: $0) }.map(FITProfile.date)
        laps.append(Lap(startTime: start, timerSeconds: m.number(8, scale: 1000), distanceMeters: m.number(9, scale: 100)))
    }

    private mutating func addSession(_ m: FITMessage) throws(ActivityFileError) {
        try count.add(.session)
        var session = Session(sportValue: m.integer(5))
        if m.integer(6) == FITProfile.virtualActivity { virtual = true }
        // Sessions with a start time split the track by time when building (a device
        // may write the record at a leg's end after that leg's session message);
        // without one, the next record starts a new segment.
        if let start = m.number(2).flatMap({ UInt32(exactly: $0) }) {
            session.start = FITProfile.date(start)
        } else {
            breakPending = true
        }
        session.totals = DeviceTotals(
            distanceMeters: m.number(9, scale: 100), elapsedSeconds: m.number(7, scale: 1000),
            timerSeconds: m.number(8, scale: 1000), ascentMeters: m.number(22), descentMeters: m.number(23))
        if session.totals.ascentMeters != nil { anyTotalAscent = true }
        sessions.append(session)
    }

    /// Splits segments where a session (other than the earliest) starts, so that
    /// multisport legs are separate segments even when sessions come last in the file.
    /// - Complexity: O(n log s) for n records and s sessions.
    private func splitAtSessionStarts(_ segments: [[Fix]], _ starts: [Date]) -> [[Fix]] {
        let starts = Array(starts.sorted().dropFirst())
        guard !starts.isEmpty else { return segments }
        var result: [[Fix]] = []
        for segment in segments {
            var piece = segment.startIndex
            for i in segment.indices.dropFirst() {
                guard let previous = segment[i - 1].time, let time = segment[i].time else { continue }
                let next = Self.countNotAfter(previous, in: starts)  // the first start after `previous`
                if next < starts.count, starts[next] <= time {
                    result.append(Array(segment[piece..<i]))
                    piece = i
                }
            }
            result.append(piece == segment.startIndex ? segment : Array(segment[piece...]))
        }
        return result
    }

    /// The file's activities: one per session when there are several and each says when
    /// it started (a triathlon's swim, transitions, ride and run), each segment and lap
    /// going to the session it starts in; otherwise one activity of everything, its
    /// totals the sessions' sums.
    /// - Throws: `ActivityFileError` (`.overLimit`) when sessions split the records into
    ///   more than `FileLimits.segments`.
    func activities() throws(ActivityFileError) -> [Activity] {
        var segments = self.segments
        if !current.isEmpty || segments.isEmpty { segments.append(current) }
        segments = splitAtSessionStarts(segments, sessions.compactMap(\.start))
        guard segments.count <= FileLimits.segments else { throw FileCount.over(.segment) }
        let barometric = anyTotalAscent && anyAltitude
        let legs = sessions.sorted { ($0.start ?? .distantPast) < ($1.start ?? .distantPast) }
        guard legs.count > 1, legs.allSatisfy({ $0.start != nil }) else {
            let parts = legs.map { $0.activity(barometric: barometric) }
            var activity = parts.isEmpty ? Activity(format: .fit) : Activity(joining: parts)
            // The sport of the sessions that name one (all the same: theirs; else other).
            let named = parts.indices.filter { legs[$0].sportValue != nil }.map { parts[$0] }
            if let first = named.first {
                activity.sport = named.allSatisfy { $0.sport == first.sport } ? first.sport : .other
                activity.namesUnlistedSport = activity.sport == .other && named.contains { $0.namesUnlistedSport || $0.sport != .other }
            } else {
                activity.sport = sportMessageSport ?? .other
                activity.namesUnlistedSport = false
            }
            activity.track = Track(segments: segments)
            activity.laps = laps
            activity.deviceTotals = parts.isEmpty ? nil : activity.deviceTotals
            activity.hasBarometricElevation = barometric
            activity.isVirtual = virtual
            return [activity]
        }
        let starts = legs.compactMap(\.start)
        /// The leg a time falls in: the last one started by then (the first before any);
        /// untimed, the one before.
        func leg(at time: Date?, after previous: Int) -> Int {
            guard let time else { return previous }
            return max(0, Self.countNotAfter(time, in: starts) - 1)
        }
        var activities = legs.map { leg in
            var activity = leg.activity(barometric: barometric)
            if leg.sportValue == nil, let sportMessageSport { activity.sport = sportMessageSport }
            activity.isVirtual = virtual
            return activity
        }
        var index = 0
        for segment in segments {
            index = leg(at: segment.first { $0.time != nil }?.time, after: index)
            activities[index].track.segments.append(segment)
        }
        index = 0
        for lap in laps {
            index = leg(at: lap.startTime, after: index)
            activities[index].laps.append(lap)
        }
        return activities
    }
}

extension FITActivityBuilder {
    /// How many of the sorted `dates` are at or before `date` (binary search).
    static func countNotAfter(_ date: Date, in dates: [Date]) -> Int {
        var low = 0, high = dates.count
        while low < high {
            let middle = (low + high) / 2
            if dates[middle] <= date { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A FIT `session` message: one leg of a multisport activity, or the whole of a single one.
private struct Session {
    /// The FIT `sport` value, if the session has one.
    var sportValue: Int?
    var start: Date?
    var totals = DeviceTotals()

    /// The leg, without its records and laps.
    func activity(barometric: Bool) -> Activity {
        var activity = Activity(format: .fit, sport: sportValue.map(FITProfile.sport) ?? .other, deviceTotals: totals,
                                hasBarometricElevation: barometric)
        // generic (0) says nothing; a transition, rowing or skiing says what Paceline has no name for.
        activity.namesUnlistedSport = activity.sport == .other && (sportValue ?? 0) != 0
        return activity
    }
}
