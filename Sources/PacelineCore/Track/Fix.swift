import Foundation

/// One reading of a device: a GPS position and whatever sensors came with it.
///
/// A fix read from a file may lack a position (a TCX trackpoint or FIT record written
/// while the GPS had no lock, or by an indoor trainer); it still carries time and
/// sensor values. Everything is in SI units: metres, seconds, metres per second.
public struct Fix: Sendable, Hashable {
    /// When the fix was taken (UTC instant), if the file says.
    public var time: Date?
    /// Where the device was, if it had a position.
    public var coordinate: Coordinate?
    /// Metres above mean sea level.
    public var elevation: Double?
    /// Horizontal accuracy estimate in metres (phones), if known.
    public var horizontalAccuracy: Double?
    /// Speed the device reported, metres per second (never used for distance).
    public var speed: Double?
    /// Cumulative distance the device reported, metres (never used for statistics).
    public var distance: Double?
    /// Heart rate, beats per minute.
    public var heartRate: Int?
    /// Cadence, revolutions (or strides) per minute, as the device wrote it.
    public var cadence: Int?
    /// Power, watts.
    public var power: Int?

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
}
