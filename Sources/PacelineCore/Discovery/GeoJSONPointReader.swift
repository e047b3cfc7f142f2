import Foundation

/// Reads a GeoJSON FeatureCollection of points (RFC 7946: `[longitude, latitude]`). A
/// feature's properties give its title (`name` or `title`), inscription (`inscription` or
/// `description`) and the other fields `PlaqueRecord` knows; its id is the feature's `id`,
/// else `properties.id`, else its position ("51.46206,-0.14572"), so a re-import of the
/// same file updates rather than duplicates. `properties.source` overrides `source`.
/// Features that are not points are skipped; errors name the feature (1-based).
enum GeoJSONPointReader {
    static func read(_ data: Data, source: String) throws -> POIFile {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw POIFileError("file", "not a GeoJSON object")
        }
        guard root["type"] as? String == "FeatureCollection", let features = root["features"] as? [Any] else {
            throw POIFileError("file", "not a GeoJSON FeatureCollection with a features array")
        }
        var file = POIFile(points: [], skipped: [])
        for (index, item) in features.enumerated() {
            let location = "feature \(index + 1)"
            guard let feature = item as? [String: Any], feature["type"] as? String == "Feature" else {
                throw POIFileError(location, "not a GeoJSON Feature")
            }
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point" else {
                file.skipped.append(.init(location: location, reason: "not a point"))
                continue
            }
            guard let coordinate = GeoJSONPosition.coordinate(geometry["coordinates"]) else {
                throw POIFileError(location, "a Point's coordinates must be [longitude, latitude] numbers")
            }
            let record = PlaqueRecord(feature["properties"] as? [String: Any] ?? [:])
            let featureID = (feature["id"] as? String) ?? (feature["id"] as? Int).map(String.init)
            let id = featureID ?? record.text("id") ?? "\(coordinate.latitude),\(coordinate.longitude)"
            switch try record.outcome(source: record.text("source") ?? source, id: id, coordinate: coordinate, at: location) {
            case .point(let point): file.points.append(point)
            case .skipped(let reason): file.skipped.append(.init(location: location, reason: reason))
            }
        }
        return file
    }
}
