import Foundation

/// The kind of activity; it selects thresholds (auto-pause, impossible speed).
public enum Sport: String, Sendable, Hashable, Codable, CaseIterable {
    case run, walk, hike, ride, swim, other

    /// Reads the many spellings devices and apps use ("Running", "Run", "biking",
    /// "cycling", Strava's "Virtual Ride" and "E-Bike Ride"…); nil when the name is not
    /// recognised.
    public init?(fileName name: String) {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "run", "running", "trail_running", "trailrun", "trail run", "treadmill", "jog", "jogging", "virtual run", "virtualrun": self = .run
        case "walk", "walking": self = .walk
        case "hike", "hiking": self = .hike
        case "ride", "biking", "bike", "cycling", "cycle", "virtualride", "virtual ride", "mountain_biking", "road_biking", "ebikeride", "e-bike ride",
             "mountain bike ride", "mountainbikeride", "gravel ride", "gravelride": self = .ride
        case "swim", "swimming": self = .swim
        case "other", "generic": self = .other
        default: return nil
        }
    }
}

