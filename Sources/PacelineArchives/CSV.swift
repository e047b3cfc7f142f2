/// Comma-separated values as RFC 4180 has them and spreadsheets write them: a field in
/// double quotes may hold commas, line breaks and doubled quotes (""); lines end in
/// CRLF or LF. A Strava export's activities.csv holds descriptions of several lines.
public enum CSV {
    /// The rows of `text`, each its fields; a blank last line is no row.
    /// - Complexity: O(n) in the characters of `text`.
    public static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" { field.unicodeScalars.append("\""); pending = iterator.next() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\r" where pending == "\n": continue
            case "\n", "\r":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
