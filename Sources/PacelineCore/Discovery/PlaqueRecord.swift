import Foundation

/// One record of a plaque data set, as a bag of named values, read the same way whatever
/// the file: the Open Plaques data dump (CSV or JSON), the site's JSON, or a GeoJSON
/// feature's properties. Names are matched loosely ("Co-ordinates", "geolocated?" and
/// "erected_at" all work): lower case, spaces and hyphens as "_", no "?".
struct PlaqueRecord {
    private var values: [String: Any] = [:]

    init(_ values: [String: Any]) {
        for (key, value) in values { self.values[Self.normalized(key)] = value }
    }

    static func normalized(_ key: String) -> String {
        var key = key.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        key.removeAll { $0 == "?" }
        return key.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
    }

    /// What the record is: a point of interest, or a reason to leave it out.
    enum Outcome {
        case point(PointOfInterest)
        case skipped(String)
    }

    /// The record as a point of interest of `source`; `id` overrides the record's own.
    /// - Throws: `POIFileError` at `location` for a malformed value.
    func outcome(source: String, id fallbackID: String? = nil, coordinate given: Coordinate? = nil, at location: String) throws -> Outcome {
        guard let id = fallbackID ?? text("id", "number", "plaque_id", "ref") else {
            throw POIFileError(location, "the record has no id")
        }
        guard let coordinate = try given ?? position(at: location) else { return .skipped("no position (not geolocated)") }
        guard coordinate.isValid else {
            throw POIFileError(location, "\(coordinate.latitude), \(coordinate.longitude) is not a position on Earth")
        }
        let subjects = self.subjects()
        let inscription = text("inscription", "description")
        let title = text("title", "name")
            ?? (subjects.isEmpty ? nil : subjects.map(\.name).joined(separator: ", ") + " plaque")
            ?? inscription.map { $0.count > 80 ? String($0.prefix(79)) + "…" : $0 }
            ?? "Plaque \(id)"
        return .point(PointOfInterest(
            source: source, sourceID: id, title: title, inscription: inscription, coordinate: coordinate,
            subjects: subjects, erectedYear: year(text("erected", "erected_at", "erected_date", "erected_year", "year")),
            photoURL: photo(), photoCredit: photoCredit()))
    }

    /// The value of the first of `keys` present, as trimmed text; nil when absent or empty.
    func text(_ keys: String...) -> String? {
        for key in keys {
            guard let value = values[key] else { continue }
            let string: String? = switch value {
            case let string as String: string
            case let number as Int: String(number)
            case let number as Double: number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            default: nil
            }
            if let string = string?.trimmingCharacters(in: .whitespacesAndNewlines), !string.isEmpty { return string }
        }
        return nil
    }

    /// Latitude and longitude columns, or one "lat,lon" column; nil when there are none.
    private func position(at location: String) throws -> Coordinate? {
        if let latitude = text("latitude", "lat"), let longitude = text("longitude", "lon", "lng", "long") {
            return Coordinate(latitude: try number(latitude, "latitude", at: location),
                              longitude: try number(longitude, "longitude", at: location))
        }
        if let pair = text("co_ordinates", "coordinates") {
            let parts = pair.split(separator: ",")
            guard parts.count == 2 else { throw POIFileError(location, "co-ordinates \"\(pair)\" are not \"latitude,longitude\"") }
            return Coordinate(latitude: try number(String(parts[0]), "latitude", at: location),
                              longitude: try number(String(parts[1]), "longitude", at: location))
        }
        return nil
    }

    private func number(_ text: String, _ name: String, at location: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw POIFileError(location, "\(name) \"\(text)\" is not a number")
        }
        return value
    }

    /// The first four-digit number (1950, 1950-01-01, "c. 1950").
    private func year(_ text: String?) -> Int? {
        guard let text else { return nil }
        var digits = ""
        for character in text {
            if character.isASCII && character.isNumber {
                digits.append(character)
                if digits.count == 4 { return Int(digits) }
            } else {
                digits = ""
            }
        }
        return nil
    }

    /// The people or things commemorated: the `subjects` (or `people`) list, whose items
    /// are "Name|(1795-1860)|man|architect|" strings (the dump) or objects with a name
    /// and a Wikipedia URL (the site), plus the dump's lead subject, which alone carries
    /// a Wikipedia link there.
    private func subjects() -> [PointOfInterest.Subject] {
        var list: [Any] = []
        for key in ["subjects", "people", "persons"] {
            switch values[key] {
            case let items as [Any]: list += items
            case let text as String:
                if let data = text.data(using: .utf8), let items = try? JSONSerialization.jsonObject(with: data) as? [Any] {
                    list += items
                } else if !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    list += text.split(separator: ";").map(String.init)
                }
            default: break
            }
        }
        var subjects: [PointOfInterest.Subject] = []
        for item in list {
            switch item {
            case let text as String:
                let name = text.split(separator: "|", omittingEmptySubsequences: false).first.map(String.init) ?? text
                let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { subjects.append(.init(name: trimmed)) }
            case let object as [String: Any]:
                let record = PlaqueRecord(object)
                if let name = record.text("full_name", "name", "title") {
                    subjects.append(.init(name: name, wikipediaURL: Self.wikipedia(record.text(
                        "default_wikipedia_url", "wikipedia_url", "wikipedia", "wikipedia_link"))))
                }
            default: break
            }
        }
        if let lead = text("lead_subject_name") {
            let link = Self.wikipedia(text("lead_subject_wikipedia"))
            if let index = subjects.firstIndex(where: { $0.name == lead }) {
                subjects[index].wikipediaURL = subjects[index].wikipediaURL ?? link
            } else {
                subjects.insert(.init(name: lead, wikipediaURL: link), at: 0)
            }
        }
        return subjects
    }

    /// An http(s) link to a Wikipedia page, or nil.
    private static func wikipedia(_ text: String?) -> String? {
        guard let url = web(text), url.contains("wikipedia.org/") else { return nil }
        return url
    }

    /// `text` when it is an http or https URL.
    static func web(_ text: String?) -> String? {
        guard let text, let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil else {
            return nil
        }
        return text
    }

    /// Who took the photo and its licence: `photo_credit` or `photo_attribution` as given,
    /// else the photo object's (`main_photo`'s, or the first of `photos`') `photographer`
    /// or `attribution` with its `license` (text, or an object with a `name`).
    private func photoCredit() -> String? {
        if let given = text("photo_credit", "photo_attribution") { return String(given.prefix(300)) }
        for key in ["main_photo", "photos"] {
            let value = values[key]
            guard let object = (value as? [String: Any]) ?? (value as? [Any])?.first as? [String: Any] else { continue }
            let record = PlaqueRecord(object)
            guard let who = record.text("photographer", "attribution", "credit") else { continue }
            let licence = record.text("license", "licence") ?? (object["license"] as? [String: Any]).flatMap { PlaqueRecord($0).text("abbreviation", "name") }
            return String((licence.map { "\(who), \($0)" } ?? who).prefix(300))
        }
        return nil
    }

    /// The photo: `main_photo` (a URL, or an object with one), `photo_url`, `thumbnail_url`,
    /// or the first of `photos`.
    private func photo() -> String? {
        func url(in value: Any?) -> String? {
            switch value {
            case let text as String: return Self.web(text.trimmingCharacters(in: .whitespaces))
            case let object as [String: Any]:
                let record = PlaqueRecord(object)
                return Self.web(record.text("file_url", "photo_url", "url", "thumbnail_url", "thumbnail"))
            case let list as [Any]: return list.lazy.compactMap { url(in: $0) }.first
            default: return nil
            }
        }
        for key in ["main_photo", "photo_url", "photo", "image", "thumbnail_url", "photos"] {
            if let found = url(in: values[key]) { return found }
        }
        return nil
    }
}
