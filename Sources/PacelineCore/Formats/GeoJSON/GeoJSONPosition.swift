import Foundation

/// A GeoJSON position (RFC 7946 §3.1.1) as `JSONSerialization` decodes it:
/// `[longitude, latitude]`, perhaps with an altitude after them, which is ignored.
enum GeoJSONPosition {
    /// The coordinate `value` names; nil when it is not an array of at least two numbers.
    /// Whether it lies on Earth is the caller's to check (`Coordinate.isValid`), with its
    /// own words for the error.
    static func coordinate(_ value: Any?) -> Coordinate? {
        guard let pair = value as? [Any], pair.count >= 2, let longitude = number(pair[0]), let latitude = number(pair[1]) else {
            return nil
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A JSON number: JSONSerialization gives Int or Double, by how it was written.
    private static func number(_ value: Any) -> Double? {
        if let value = value as? Double { return value }
        if let value = value as? Int { return Double(value) }
        return nil
    }
}
