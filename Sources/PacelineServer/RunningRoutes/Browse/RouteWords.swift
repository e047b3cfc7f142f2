import Fluent
import Foundation
import SQLKit

/// The words of route names, one row of `route_words` (word, route) each, so that a search
/// by name reads an index range per word ("loch lo" → the routes with a word starting
/// "loch" and one starting "lo") instead of scanning every name. Words are folded
/// (`SearchName`). A route's name never changes after it is made, so the rows are written
/// once, with the route (`Keeper`), and removed when the route is (`remove`; a hard
/// delete cascades too); a search leaves out routes the searcher may not see.
enum RouteWords {
    /// The most words kept of one name.
    static let maximumWords = 20

    /// The distinct folded words of `text`, in order: "Loch Lomond — west shore" →
    /// ["loch", "lomond", "west", "shore"].
    static func of(_ text: String) -> [String] {
        var seen = Set<String>()
        return SearchName.of(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init).filter { seen.insert($0).inserted }.prefix(maximumWords).map { $0 }
    }

    /// The first string after every word starting with `prefix`: its last character's
    /// successor ("riv" → "riw"), so `word >= prefix AND word < after(prefix)` is an
    /// index range.
    static func after(_ prefix: String) -> String {
        var scalars = Array(prefix.unicodeScalars)
        guard let last = scalars.popLast() else { return prefix }
        let next = Unicode.Scalar(last.value + 1) ?? Unicode.Scalar(last.value + 0x801) ?? "\u{10FFFF}"
        return String(String.UnicodeScalarView(scalars + [next]))
    }

    /// Writes the words of `name` for route `id` (one statement).
    static func insert(_ name: String, of id: UUID, on sql: any SQLDatabase) async throws {
        let words = of(name)
        guard !words.isEmpty else { return }
        let rows = words.map { word -> SQLQueryString in "(\(bind: word), \(bind: id))" }
        try await sql.raw("INSERT INTO route_words (word, route_id) VALUES \(SQLList(rows, separator: SQLRaw(", ")))").run()
    }

    /// Removes route `id`'s words: it is deleted (soft-deleted, its row kept), and searched no more.
    static func remove(of id: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM route_words WHERE route_id = \(bind: id)").run()
    }

    /// Writes a new route's words as it is made, in the same database (transaction) as the route.
    struct Keeper: AsyncModelMiddleware {
        func create(model: Route, on db: any Database, next: any AnyAsyncModelResponder) async throws {
            try await next.create(model, on: db)
            try await RouteWords.insert(model.name, of: try model.requireID(), on: db.sql)
        }
    }
}
