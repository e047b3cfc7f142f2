import Foundation
import PacelineCore

/// What a service's list of activities says of one: Strava's activities.csv gives each
/// its name, type, description, date and file.
public struct ActivityListing: Sendable, Hashable {
    public var name: String?
    /// The sport its type names; `.other` for a type Paceline has no name for (rowing,
    /// yoga), nil when the list gives none.
    public var sport: Sport?
    public var description: String?
    /// The date as the list writes it ("Jul 31, 2019, 5:47:10 PM"), for people.
    public var date: String?
    /// The file's path in the export ("activities/2551363617.fit.gz"); nil for an
    /// activity entered by hand.
    public var file: String?

    public init(name: String? = nil, sport: Sport? = nil, description: String? = nil, date: String? = nil, file: String? = nil) {
        self.name = name
        self.sport = sport
        self.description = description
        self.date = date
        self.file = file
    }

    /// The activities of a Strava export's activities.csv, by its header's column names
    /// ("Activity Name", "Activity Type", "Activity Description", "Activity Date",
    /// "Filename"; the first of a repeated name).
    /// - Throws: `ActivityFileError` when the header lacks "Filename".
    public static func strava(_ data: Data) throws -> [ActivityListing] {
        var rows = CSV.rows(String(decoding: data, as: UTF8.self))
        guard !rows.isEmpty else { return [] }
        let header = rows.removeFirst().map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "") }
        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
        guard let fileColumn = column("Filename") else {
            throw ActivityFileError(.invalidValue, "activities.csv has no Filename column")
        }
        let name = column("Activity Name"), type = column("Activity Type")
        let description = column("Activity Description"), date = column("Activity Date")
        return rows.map { row in
            func value(_ index: Int?) -> String? {
                guard let index, index < row.count else { return nil }
                let text = row[index].trimmingCharacters(in: .whitespacesAndNewlines)
                return text.isEmpty ? nil : text
            }
            return ActivityListing(
                name: value(name), sport: value(type).map { Sport(fileName: $0) ?? .other },
                description: value(description), date: value(date), file: value(fileColumn))
        }
    }
}
