import Foundation

/// Whether a name a device or an app wrote into a file is a name a person gave.
///
/// Files carry names such as "001", "Untitled", "2020-12-18 07:24:29", "dc.zip",
/// "ACTIVE LOG: 12 MAR 2020" or "Route 2019-12-15 3:50pm": a counter, a placeholder, a
/// timestamp or a file's own name. Shown as a title they say nothing the date beside it
/// does not, so such an activity is left unnamed and the app titles it by the time of day
/// and sport ("Morning run"), as a recorded one. A trip's "Day 02" is kept: it says which day.
public enum ActivityName {
    /// Words that name nothing on their own.
    static let placeholders: Set<String> = [
        "untitled", "unnamed", "no name", "noname", "new", "track", "route", "activity", "activities", "workout",
        "run", "running", "walk", "walking", "ride", "cycling", "hike", "hiking", "active log", "log", "current track",
        "trail planner map", "course", "lap", "gpx", "tcx", "fit", "export", "garmin", "strava",
    ]

    /// Words that name nothing beside a timestamp ("2019-05-01 06:31:11 Tag"), though
    /// "Day 02" of a trip alone is a name.
    static let timestampPlaceholders: Set<String> = ["day", "tag", "morning", "afternoon", "evening", "night"]

    /// File extensions a name may end with when it is a file's name.
    static let fileExtensions = ["gpx", "tcx", "fit", "zip", "gz", "kml", "kmz", "csv", "xml", "json"]

    /// `name` trimmed, or nil when it is empty or machine-made (see the type's description).
    public static func meaningful(_ name: String?) -> String? {
        guard let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        let lower = trimmed.lowercased()
        if fileExtensions.contains(where: { lower.hasSuffix("." + $0) }) { return nil }
        // What is left once dates, times, numbers and separators are taken out.
        let words = lower.split(whereSeparator: { !$0.isLetter })
            .filter { !isDatePart(String($0)) }
            .joined(separator: " ")
        if words.isEmpty || placeholders.contains(words) { return nil }
        let timestamped = lower.contains(":") || lower.contains(where: \.isNumber) && lower.split(whereSeparator: { !$0.isNumber }).contains { $0.count == 4 }
        if timestamped && timestampPlaceholders.contains(words) { return nil }
        return trimmed
    }

    /// Month names and abbreviations, and am/pm, which a timestamp spells out.
    private static let dateWords: Set<String> = [
        "am", "pm", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "t", "z", "utc", "gmt",
    ]

    private static func isDatePart(_ word: String) -> Bool { dateWords.contains(word) }
}
