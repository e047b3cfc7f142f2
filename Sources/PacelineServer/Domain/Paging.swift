import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Page sizes and opaque cursors, for lists sorted newest first (by a time, then id) and
/// lists sorted by name (by a text key, then id): a page ends with the item the cursor
/// names, and the next starts after it.
enum Paging {
    static let defaultLimit = 20
    static let maximumLimit = 100

    /// The page size asked for, `defaultLimit` when none; 400 outside 1 to `maximumLimit`.
    /// What a handler decodes a page's size with.
    static func limit(_ requested: Int?) throws -> Int {
        let limit = requested ?? defaultLimit
        guard (1...maximumLimit).contains(limit) else { throw Refusal.invalid("limit must be 1 to \(maximumLimit)") }
        return limit
    }

    /// Splits rows fetched with `LIMIT limit + 1` into the page and the cursor of the next
    /// one: nil when there was no extra row (the last page), else `cursor(lastRowShown)`.
    static func page<Row>(_ rows: [Row], limit: Int, cursor: (Row) throws -> String?) rethrows -> (rows: [Row], next: String?) {
        guard rows.count > limit else { return (rows, nil) }
        let shown = Array(rows.prefix(limit))
        return (shown, try shown.last.flatMap(cursor))
    }

    /// A cursor after the item at `time` with `id` (base64 of "seconds|uuid").
    static func encode(time: Date, id: UUID) -> String {
        Data("\(time.timeIntervalSince1970)|\(id.uuidString)".utf8).base64EncodedString()
    }

    /// The time and id of a cursor; 400 when the server did not give it.
    static func decode(_ cursor: String) throws -> (Date, UUID) {
        let parts = try text(of: cursor).split(separator: "|")
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = UUID(uuidString: String(parts[1])) else {
            throw invalid
        }
        return (Date(timeIntervalSince1970: seconds), id)
    }

    /// The rows of `table` after the cursor's row in newest-first order, by `timeColumn`
    /// then id, both descending.
    ///
    /// The comparison is with the time the database holds for the cursor's row, not with
    /// the cursor's copy: times pass through floating-point seconds on their way to and
    /// from the database (SQLite keeps the full `Date`, the model reads it back rounded to
    /// microseconds), so a copy can differ from the row by a fraction of a microsecond and
    /// put the row itself on the next page again. The copy serves only when the row is gone.
    static func after(_ cursor: (Date, UUID), table: String, timeColumn: String) -> DatabaseQuery.Filter {
        let (time, id) = cursor
        let column = SQLColumn(timeColumn, table: table), idColumn = SQLColumn("id", table: table)
        let anchor: SQLQueryString = """
            COALESCE((SELECT cursor_row.\(ident: timeColumn) FROM \(ident: table) AS cursor_row WHERE cursor_row.id = \(bind: id)), \(bind: time))
            """
        return .sql(embed: "(\(column) < \(anchor) OR (\(column) = \(anchor) AND \(idColumn) < \(bind: id)))")
    }

    /// A cursor after the item with sort key `key` and `id` (base64 of "uuid|key"; the
    /// key may hold any character).
    static func encode(key: String, id: UUID) -> String {
        Data("\(id.uuidString)|\(key)".utf8).base64EncodedString()
    }

    /// The key and id of a keyed cursor; 400 when the server did not give it.
    static func decodeKeyed(_ cursor: String) throws -> (String, UUID) {
        let parts = try text(of: cursor).split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let id = UUID(uuidString: String(parts[0])), !parts[1].unicodeScalars.contains("\0") else {
            throw invalid
        }
        return (String(parts[1]), id)
    }

    private static func text(of cursor: String) throws -> String {
        _ = try TextInput.checked(cursor, "cursor", .key)
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else { throw invalid }
        return text
    }

    private static var invalid: Refusal { Refusal.invalid("the cursor is not one this server gave") }
}
