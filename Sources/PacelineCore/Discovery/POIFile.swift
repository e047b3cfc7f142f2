import Foundation

/// The formats of point-of-interest data sets `POIFile.read` understands.
public enum POIFormat: String, Sendable, CaseIterable {
    /// The Open Plaques JSON export: an array of plaques (the data dump's rows, or the
    /// site's `{"plaque": {…}}` objects).
    case openPlaquesJSON = "openplaques-json"
    /// The Open Plaques CSV export (the data dump's columns, or the site's older
    /// "Number, Inscription, …, Co-ordinates" list).
    case openPlaquesCSV = "openplaques-csv"
    /// A GeoJSON FeatureCollection of points, with name/title/description properties.
    case geoJSON = "geojson"

    /// The format of `data`, from its first bytes: `{` with `"FeatureCollection"` is
    /// GeoJSON, `[` or `{` another JSON is Open Plaques JSON, anything else CSV.
    /// - Complexity: O(1); it looks at the first 4 kB.
    public init(sniffing data: Data) {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let first = head.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
        if first == "{" && head.contains("FeatureCollection") { self = .geoJSON }
        else if first == "{" || first == "[" { self = .openPlaquesJSON }
        else { self = .openPlaquesCSV }
    }
}

/// A data set that can't be read: where (a line or a feature) and why.
public struct POIFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// "line 12", "plaque 3", "feature 7", or "file".
    public var location: String
    public var message: String

    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// What a data set holds: the points of interest, and the records left out, with why.
public struct POIFile: Sendable {
    /// A record that is not a point of interest Paceline can show (no position, say).
    public struct Skipped: Sendable, Hashable {
        public var location: String
        public var reason: String

        public init(location: String, reason: String) {
            self.location = location
            self.reason = reason
        }
    }

    public var points: [PointOfInterest]
    public var skipped: [Skipped]

    /// Reads a data set in `format` (sniffed when nil). `source` names the data set of
    /// GeoJSON features that do not name one; Open Plaques data is always "openplaques".
    ///
    /// A record without a position is skipped (many plaques are not yet located); a
    /// malformed one (a latitude that is not a number, a missing id) fails the whole
    /// file, so nothing is half-imported.
    /// - Throws: `POIFileError` naming the line or feature.
    /// - Complexity: O(n) in the size of the file.
    public static func read(_ data: Data, format: POIFormat? = nil, source: String = "geojson") throws -> POIFile {
        switch format ?? POIFormat(sniffing: data) {
        case .openPlaquesCSV: try OpenPlaquesCSVReader.read(data)
        case .openPlaquesJSON: try OpenPlaquesJSONReader.read(data)
        case .geoJSON: try GeoJSONPointReader.read(data, source: source)
        }
    }
}
