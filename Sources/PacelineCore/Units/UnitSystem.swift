import Foundation

/// How a person reads distances and paces: kilometres or miles.
/// Everything inside Paceline is SI; this converts only at the edges.
public enum UnitSystem: String, Sendable, Hashable, Codable, CaseIterable {
    case metric, imperial

    /// Metres in one unit of distance (1 km or 1 mi).
    public var metersPerUnit: Double { self == .metric ? 1000 : 1609.344 }

    /// "km" or "mi".
    public var distanceSymbol: String { self == .metric ? "km" : "mi" }

    /// "3.10 km" / "1.93 mi".
    public func distance(_ meters: Double) -> String {
        String(format: "%.2f %@", meters / metersPerUnit, distanceSymbol)
    }

    /// "5:12 /km" for a pace in seconds per kilometre; "–" when unknown.
    public func pace(secondsPerKilometer: Double?) -> String {
        guard let secondsPerKilometer, secondsPerKilometer.isFinite, secondsPerKilometer > 0 else { return "–" }
        let perUnit = secondsPerKilometer * metersPerUnit / 1000
        return "\(Self.clock(perUnit, alwaysHours: false)) /\(distanceSymbol)"
    }

    /// "14.2 km/h" / "8.8 mph" for a speed in metres per second.
    public func speed(_ metersPerSecond: Double?) -> String {
        guard let metersPerSecond, metersPerSecond.isFinite else { return "–" }
        let perHour = metersPerSecond * 3600 / metersPerUnit
        return String(format: "%.1f %@", perHour, self == .metric ? "km/h" : "mph")
    }

    /// "1:02:03" or "12:05" for a duration in seconds; "–" when unknown.
    public static func clock(_ seconds: Double?, alwaysHours: Bool = false) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return "–" }
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, (total % 3600) / 60, total % 60)
        if h > 0 || alwaysHours { return String(format: "%d:%02d:%02d", h, m, s) }
        return String(format: "%d:%02d", m, s)
    }
}
