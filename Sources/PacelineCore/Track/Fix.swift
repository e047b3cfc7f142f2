import Foundation

/// One reading of a device: a GPS position and whatever sensors came with it.
///
/// A fix read from a file may lack a position (a TCX trackpoint or FIT record written
/// while the GPS had no lock, or by an indoor trainer); it still carries time and
/// sensor values. Everything is in SI units: metres, seconds, metres per second.
public struct Fix: Sendable, Hashable {
    // Stored compactly, because a long track holds hundreds of thousands of fixes: each
    // optional value is a plain number plus one bit of `present` (an absent value is
    // stored as 0, so the synthesized == and hash agree with comparing the optionals).
    // That makes a Fix 88 bytes instead of the 152 that nine optionals take.
    private var timeValue = 0.0  // seconds since 2001-01-01, as `Date` stores it
    private var latitude = 0.0
    private var longitude = 0.0
    private var elevationValue = 0.0
    private var accuracyValue = 0.0
    private var speedValue = 0.0
    private var distanceValue = 0.0
    private var heartRateValue = 0
    private var cadenceValue = 0
    private var powerValue = 0
    private var present: Fields = []

    private struct Fields: OptionSet, Hashable {
        let rawValue: UInt16
        static let time = Fields(rawValue: 1 << 0)
        static let coordinate = Fields(rawValue: 1 << 1)
        static let elevation = Fields(rawValue: 1 << 2)
        static let horizontalAccuracy = Fields(rawValue: 1 << 3)
        static let speed = Fields(rawValue: 1 << 4)
        static let distance = Fields(rawValue: 1 << 5)
        static let heartRate = Fields(rawValue: 1 << 6)
        static let cadence = Fields(rawValue: 1 << 7)
        static let power = Fields(rawValue: 1 << 8)
    }

    /// When the fix was taken (UTC instant), if the file says.
    public var time: Date? {
        get { present.contains(.time) ? Date(timeIntervalSinceReferenceDate: timeValue) : nil }
        set { timeValue = store(newValue?.timeIntervalSinceReferenceDate, .time) }
    }

    /// Where the device was, if it had a position.
    public var coordinate: Coordinate? {
        get { present.contains(.coordinate) ? Coordinate(latitude: latitude, longitude: longitude) : nil }
        set {
            latitude = store(newValue?.latitude, .coordinate)
            longitude = newValue?.longitude ?? 0
        }
    }

    /// Metres above mean sea level.
    public var elevation: Double? {
        get { present.contains(.elevation) ? elevationValue : nil }
        set { elevationValue = store(newValue, .elevation) }
    }

    /// Horizontal accuracy estimate in metres (phones), if known.
    public var horizontalAccuracy: Double? {
        get { present.contains(.horizontalAccuracy) ? accuracyValue : nil }
        set { accuracyValue = store(newValue, .horizontalAccuracy) }
    }

    /// Speed the device reported, metres per second (never used for distance).
    public var speed: Double? {
        get { present.contains(.speed) ? speedValue : nil }
        set { speedValue = store(newValue, .speed) }
    }

    /// Cumulative distance the device reported, metres (never used for statistics).
    public var distance: Double? {
        get { present.contains(.distance) ? distanceValue : nil }
        set { distanceValue = store(newValue, .distance) }
    }

    /// Heart rate, beats per minute.
    public var heartRate: Int? {
        get { present.contains(.heartRate) ? heartRateValue : nil }
        set { heartRateValue = store(newValue, .heartRate) }
    }

    /// Cadence, revolutions (or strides) per minute, as the device wrote it.
    public var cadence: Int? {
        get { present.contains(.cadence) ? cadenceValue : nil }
        set { cadenceValue = store(newValue, .cadence) }
    }

    /// Power, watts.
    public var power: Int? {
        get { present.contains(.power) ? powerValue : nil }
        set { powerValue = store(newValue, .power) }
    }

    public init(
        time: Date? = nil, coordinate: Coordinate? = nil, elevation: Double? = nil,
        horizontalAccuracy: Double? = nil, speed: Double? = nil, distance: Double? = nil,
        heartRate: Int? = nil, cadence: Int? = nil, power: Int? = nil
    ) {
        self.time = time
        self.coordinate = coordinate
        self.elevation = elevation
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.distance = distance
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
    }

    /// Convenience for a positioned fix.
    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil) {
        self.init(time: time, coordinate: Coordinate(latitude: latitude, longitude: longitude), elevation: elevation)
    }

    /// Marks `field` present or absent; returns the number to store (0 when absent).
    private mutating func store<Value: Numeric>(_ value: Value?, _ field: Fields) -> Value {
        if let value {
            present.insert(field)
            return value
        }
        present.remove(field)
        return 0
    }
}
