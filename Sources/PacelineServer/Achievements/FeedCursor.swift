import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// A place in the activity feed, whose order is: instant (newest first), then kind (a run,
/// then badges, then mission milestones), then key (descending). A run and the badges it
/// earned share their instant; this order pages through them without skipping or repeating.
struct FeedCursor: Equatable {
    enum Kind: Int, Comparable {
        case run, badge, mission

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var date: Date
    var kind: Kind
    /// The run's or badge's id (`uuidString`), or a milestone's `MissionMilestone.feedKey`.
    var key: String

    /// Whether `self` comes before `other` in the feed.
    func precedes(_ other: FeedCursor) -> Bool {
        if date != other.date { return date > other.date }
        if kind != other.kind { return kind < other.kind }
        return key > other.key
    }

    /// The cursor a client sends back: base64 of "seconds|kind|key".
    var text: String {
        Data("\(date.timeIntervalSince1970)|\(kind.rawValue)|\(key)".utf8).base64EncodedString()
    }

    /// Reads a cursor this server gave; 400 otherwise.
    init(text: String) throws {
        _ = try TextInput.checked(text, "cursor", .key)
        guard let data = Data(base64Encoded: text), let decoded = String(data: data, encoding: .utf8) else { throw Self.invalid }
        let parts = decoded.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let seconds = Double(parts[0]), seconds.isFinite,
              let rank = Int(parts[1]), let kind = Kind(rawValue: rank), !parts[2].isEmpty else { throw Self.invalid }
        self.init(date: Date(timeIntervalSince1970: seconds), kind: kind, key: String(parts[2]))
        if kind != .mission, id == nil { throw Self.invalid }
    }

    init(date: Date, kind: Kind, key: String) {
        self.date = date
        self.kind = kind
        self.key = key
    }

    /// The run's or badge's id.
    private var id: UUID? { kind == .mission ? nil : UUID(uuidString: key) }

    /// The rows of `table` (items of `kind`, at `timeColumn`) that come after the cursor.
    ///
    /// The cursor's instant is the one the database holds for its run or badge, not the
    /// cursor's copy, for the reason `Paging.after` gives; a milestone's is the copy.
    func rowsAfter(of kind: Kind, table: String, timeColumn: String) -> DatabaseQuery.Filter {
        let column = SQLColumn(timeColumn, table: table), idColumn = SQLColumn("id", table: table)
        var anchor: SQLQueryString = "\(bind: date)"
        if let id, let (storedTable, storedColumn) = Self.instants[self.kind] {
            anchor = "COALESCE((SELECT cursor_row.\(ident: storedColumn) FROM \(ident: storedTable) AS cursor_row WHERE cursor_row.id = \(bind: id)), \(bind: date))"
        }
        if kind > self.kind { return .sql(embed: "\(column) <= \(anchor)") }
        guard kind == self.kind, let id else { return .sql(embed: "\(column) < \(anchor)") }
        return .sql(embed: "(\(column) < \(anchor) OR (\(column) = \(anchor) AND \(idColumn) < \(bind: id)))")
    }

    /// Where the database holds the instant of a run and of a badge.
    private static let instants: [Kind: (table: String, column: String)] = [
        .run: (Run.schema, "start_time"), .badge: (EarnedBadge.schema, "earned_at"),
    ]

    private static var invalid: Refusal { Refusal.invalid("the cursor is not one this server gave") }
}
