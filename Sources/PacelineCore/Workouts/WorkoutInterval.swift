/// One interval of a workout: a length, by time or by distance, and a pace target.
///
/// In a plan file: `{"meters": 400, "target": "fast"}` or `{"seconds": 90, "target": "rest"}`.
public struct WorkoutInterval: Sendable, Hashable {
    /// How long the interval lasts.
    public enum Length: Sendable, Hashable {
        case seconds(Double)
        case meters(Double)
    }

    public var length: Length
    public var target: PaceTarget

    public init(_ length: Length, _ target: PaceTarget) {
        self.length = length
        self.target = target
    }

    /// Planned seconds, for an interval by time.
    public var seconds: Double? { if case .seconds(let s) = length { s } else { nil } }
    /// Planned metres, for an interval by distance.
    public var meters: Double? { if case .meters(let m) = length { m } else { nil } }
}

extension WorkoutInterval: Codable {
    private enum Keys: String, CodingKey { case seconds, meters, target, paceSecondsPerKilometer }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let seconds = try c.decodeIfPresent(Double.self, forKey: .seconds)
        let meters = try c.decodeIfPresent(Double.self, forKey: .meters)
        switch (seconds, meters) {
        case let (s?, nil): length = .seconds(s)
        case let (nil, m?): length = .meters(m)
        default:
            throw DecodingError.dataCorruptedError(forKey: .seconds, in: c,
                debugDescription: "an interval needs exactly one of \"seconds\" and \"meters\"")
        }
        let name = try c.decode(String.self, forKey: .target)
        let pace = try c.decodeIfPresent(Double.self, forKey: .paceSecondsPerKilometer)
        guard let target = PaceTarget(name: name, secondsPerKilometer: pace) else {
            throw DecodingError.dataCorruptedError(forKey: .target, in: c, debugDescription: name == "pace"
                ? "target \"pace\" needs \"paceSecondsPerKilometer\""
                : "unknown target \"\(name)\" (rest, easy, steady, fast or pace)")
        }
        self.target = target
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(seconds, forKey: .seconds)
        try c.encodeIfPresent(meters, forKey: .meters)
        try c.encode(target.name, forKey: .target)
        try c.encodeIfPresent(target.secondsPerKilometer, forKey: .paceSecondsPerKilometer)
    }
}
