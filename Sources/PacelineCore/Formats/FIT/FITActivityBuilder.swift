import Foundation

/// Turns decoded FIT messages into an `Activity`: records into fixes and segments,
/// laps, session totals, sport. See `FITReader` for the rules.
struct FITActivityBuilder {
    private var segments: [[Fix]] = []
    private var current: [Fix] = []
    /// A timer stop, a session or a new file was seen: the next record starts a segment.
    private var breakPending = false
    private var laps: [Lap] = []
    private var sessionSports: [Sport?] = []
    private var sportMessageSport: Sport?
    private var totals = DeviceTotals()
    private var sessionCount = 0
    /// Start times of sessions: devices often write every session at the end of the
    /// file, after all records, so session boundaries are applied when building.
    private var sessionStarts: [Date] = []
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

    mutating func add(_ message: FITMessage) {
        switch message.globalMessageNumber {
        case FITProfile.Message.record: addRecord(message)
        case FITProfile.Message.event: addEvent(message)
        case FITProfile.Message.lap: addLap(message)
        case FITProfile.Message.session: addSession(message)
        case FITProfile.Message.sport:
            if sportMessageSport == nil, let sport = message.integer(0) { sportMessageSport = FITProfile.sport(sport) }
        default: break
        }
    }

    private mutating func addRecord(_ m: FITMessage) {
        if breakPending {
            if !current.isEmpty {
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

    private mutating func addEvent(_ m: FITMessage) {
        guard m.integer(0) == FITProfile.timerEvent, let type = m.integer(1) else { return }
        if FITProfile.stopEventTypes.contains(type) { breakPending = true }
    }

    private mutating func addLap(_ m: FITMessage) {
        let start = m.number(2).flatMap { UInt32(exactly: $0) }.map(FITProfile.date)
        laps.append(Lap(startTime: start, timerSeconds: m.number(8, scale: 1000), distanceMeters: m.number(9, scale: 100)))
    }

    private mutating func addSession(_ m: FITMessage) {
        sessionCount += 1
        sessionSports.append(m.integer(5).map(FITProfile.sport))
        // Sessions with a start time split the track by time when building (a device
        // may write the record at a leg's end after that leg's session message);
        // without one, the next record starts a new segment.
        if let start = m.number(2).flatMap({ UInt32(exactly: $0) }) {
            sessionStarts.append(FITProfile.date(start))
        } else {
            breakPending = true
        }
        func add(_ keyPath: WritableKeyPath<DeviceTotals, Double?>, _ value: Double?) {
            guard let value else { return }
            totals[keyPath: keyPath] = (totals[keyPath: keyPath] ?? 0) + value
        }
        add(\.elapsedSeconds, m.number(7, scale: 1000))
        add(\.timerSeconds, m.number(8, scale: 1000))
        add(\.distanceMeters, m.number(9, scale: 100))
        let ascent = m.number(22)
        if ascent != nil { anyTotalAscent = true }
        add(\.ascentMeters, ascent)
        add(\.descentMeters, m.number(23))
    }

    private var sport: Sport {
        let known = sessionSports.compactMap { $0 }
        if let first = known.first {
            return known.allSatisfy { $0 == first } ? first : .other
        }
        return sportMessageSport ?? .other
    }

    /// Splits segments where a session (other than the earliest) starts, so that
    /// multisport legs are separate segments even when sessions come last in the file.
    private func splitAtSessionStarts(_ segments: [[Fix]]) -> [[Fix]] {
        let starts = sessionStarts.sorted().dropFirst()
        guard !starts.isEmpty else { return segments }
        var result: [[Fix]] = []
        for segment in segments {
            var piece = segment.startIndex
            for i in segment.indices.dropFirst() {
                guard let previous = segment[i - 1].time, let time = segment[i].time else { continue }
                if starts.contains(where: { previous < $0 && $0 <= time }) {
                    result.append(Array(segment[piece..<i]))
                    piece = i
                }
            }
            result.append(piece == segment.startIndex ? segment : Array(segment[piece...]))
        }
        return result
    }

    func activity() -> Activity {
        var segments = self.segments
        if !current.isEmpty || segments.isEmpty { segments.append(current) }
        segments = splitAtSessionStarts(segments)
        return Activity(
            format: .fit, sport: sport, track: Track(segments: segments), laps: laps,
            deviceTotals: sessionCount > 0 ? totals : nil,
            hasBarometricElevation: anyTotalAscent && anyAltitude)
    }
}
