import Foundation

/// Reads the Open Plaques JSON export: an array of plaques, each either a row of the data
/// dump (the CSV's columns, values as text) or the site's `{"plaque": {id, inscription,
/// latitude, longitude, erected_at, title, people, photos, …}}`. A single object, or an
/// object holding a `plaques` array, works too. Errors name the plaque (1-based) and its id.
enum OpenPlaquesJSONReader {
    /// The source name of every Open Plaques point.
    static let source = "openplaques"

    static func read(_ data: Data) throws -> POIFile {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw POIFileError("file", "not JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error)")
        }
        let items: [Any] = switch root {
        case let array as [Any]: array
        case let object as [String: Any]: (object["plaques"] as? [Any]) ?? [object]
        default: []
        }
        var file = POIFile(points: [], skipped: [])
        for (index, item) in items.enumerated() {
            var location = "plaque \(index + 1)"
            guard var object = item as? [String: Any] else { throw POIFileError(location, "not a JSON object") }
            if let inner = object["plaque"] as? [String: Any] { object = inner }
            let record = PlaqueRecord(object)
            if let id = record.text("id") { location += " (id \(id))" }
            switch try record.outcome(source: source, at: location) {
            case .point(let point): file.points.append(point)
            case .skipped(let reason): file.skipped.append(.init(location: location, reason: reason))
            }
        }
        return file
    }
}
