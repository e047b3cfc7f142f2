import Foundation

/// Reads the Open Plaques CSV export: a header row naming the columns, then one plaque
/// per record. Both exports in the wild work: the data dump (`id, title, inscription,
/// latitude, longitude, …, erected, main_photo, …, lead_subject_name,
/// lead_subject_wikipedia, …, subjects`) and the site's older list (`Number, Inscription,
/// Organisation, Erected date, …, Co-ordinates`). Errors name the line.
enum OpenPlaquesCSVReader {
    static func read(_ data: Data) throws -> POIFile {
        let records = try CSVRecords.parse(data)
        guard let header = records.first else { throw POIFileError("file", "the CSV file is empty") }
        let names = header.fields.map(PlaqueRecord.normalized)
        guard names.contains("id") || names.contains("number") else {
            throw POIFileError("line \(header.line)", "the header names no id column (expected Open Plaques columns such as id, title, latitude, longitude)")
        }
        var file = POIFile(points: [], skipped: [])
        file.points.reserveCapacity(records.count)
        for record in records.dropFirst() {
            let location = "line \(record.line)"
            guard record.fields.count <= names.count || record.fields.dropFirst(names.count).allSatisfy(\.isEmpty) else {
                throw POIFileError(location, "\(record.fields.count) fields where the header names \(names.count)")
            }
            var values: [String: Any] = [:]
            for (name, value) in zip(names, record.fields) { values[name] = value }
            switch try PlaqueRecord(values).outcome(source: OpenPlaquesJSONReader.source, at: location) {
            case .point(let point): file.points.append(point)
            case .skipped(let reason): file.skipped.append(.init(location: location, reason: reason))
            }
        }
        return file
    }
}
