import Fluent
import FluentSQL
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Finding routes and places by name: the routes with words starting with the words of a
/// text (the public ones, and the searcher's own whatever their privacy: never another's
/// private or friends' route), by the index of their words (`RouteWords`); and the points
/// of interest whose title contains it. Names are compared folded (`SearchName`), nearest
/// a point first when one is given, by name otherwise.
package struct NameSearch: Sendable {
    /// Search texts shorter than this are refused: they would match nearly everything.
    static let minimumLength = 2
    /// The longest search text.
    static let maximumLength = 100
    /// The most routes, and the most places, answered.
    static let limit = 20

    let database: any Database

    package init(database: any Database) {
        self.database = database
    }

    /// The routes and the places matching `text` (`routes`, `places`), as `viewer` (nil:
    /// anonymous) sees them.
    func results(matching text: String, viewer: UUID?, near point: Coordinate?) async throws -> Components.Schemas.NameSearchResults {
        let routes = try await Route.schemas(try await self.routes(matching: text, viewer: viewer, near: point), viewer: viewer, on: database)
        let places = try await PointsOfInterest.schemas(try await self.places(matching: text, near: point), viewer: viewer, on: database)
        return .init(routes: routes, places: places)
    }

    /// The most routes one word's index range gives a search: a word more routes share
    /// (the "route" of a million "Route N") answers from this many of them.
    static let candidates = 5_000
    /// The most words of a search text used: more would only add probes.
    static let maximumWords = 5

    /// The routes with a word starting with each word of `text` ("loch lo" finds "Loch
    /// Lomond") that `viewer` (nil: anonymous) may find, creators loaded.
    ///
    /// The rarest word leads: its range of `route_words`' index is read in order, each
    /// route checked for not being deleted, the searcher's right to see it and the other
    /// words (an index probe each), until `candidates` pass; of those, the nearest (or by
    /// name) 20. Checked before the cap, so routes a searcher can't see never crowd out
    /// those they can. One-letter words are left out when there are others, and at most
    /// `maximumWords` are used.
    /// - Complexity: O(words × log W) to count the ranges (each count stops past
    ///   `candidates`), then O(min(candidates, lead's range) × words × log W) for W words
    ///   stored; never a scan of every route.
    package func routes(matching text: String, viewer: UUID?, near point: Coordinate?) async throws -> [Route] {
        var words = RouteWords.of(text)
        if words.contains(where: { $0.count > 1 }) { words.removeAll { $0.count == 1 } }
        words = Array(words.prefix(Self.maximumWords))
        guard !words.isEmpty else { return [] }
        let sql = database.sql
        var lead: (word: String, count: Int)?
        for word in words {
            let count = try await sql.raw("""
                SELECT COUNT(*) AS n FROM (SELECT 1 FROM route_words WHERE word >= \(bind: word) AND word < \(bind: RouteWords.after(word))
                LIMIT \(literal: Self.candidates + 1)) AS range
                """).first()?.decode(column: "n", as: Int.self) ?? 0
            if count == 0 { return [] }
            if count < lead?.count ?? .max { lead = (word, count) }
        }
        guard let lead else { return [] }
        let others = words.filter { $0 != lead.word }.map { word -> SQLQueryString in
            """
            AND EXISTS (SELECT 1 FROM route_words other WHERE other.route_id = found.id \
            AND other.word >= \(bind: word) AND other.word < \(bind: RouteWords.after(word)))
            """
        }
        let mine: SQLQueryString = viewer.map { " OR found.creator_id = \(bind: $0)" } ?? ""
        let rows = try await sql.raw("""
            SELECT * FROM routes WHERE id IN (
                SELECT found.id FROM route_words lead JOIN routes found ON found.id = lead.route_id
                WHERE lead.word >= \(bind: lead.word) AND lead.word < \(bind: RouteWords.after(lead.word))
                    AND found.deleted_at IS NULL AND (found.privacy = \(bind: Privacy.public.rawValue)\(mine))
                    \(SQLList(others, separator: SQLRaw(" ")))
                LIMIT \(literal: Self.candidates))
            ORDER BY \(order(near: point, latitude: "start_lat", longitude: "start_lon", name: "name")) LIMIT \(literal: Self.limit)
            """).all()
        return try await RouteBrowser.withCreators(try rows.map { try $0.decode(fluentModel: Route.self) }, on: database)
    }

    /// The points of interest whose title contains `text`.
    /// - Complexity: a scan of the points' folded titles (a data set of plaques is tens of
    ///   thousands, not millions).
    func places(matching text: String, near point: Coordinate?) async throws -> [PointsOfInterest.Listing] {
        try await database.sql.raw("""
            SELECT id, title, latitude, longitude, erected_year FROM pois
            WHERE search_title LIKE \(bind: SearchName.containing(text)) ESCAPE \(literal: "\\")
            ORDER BY \(order(near: point, latitude: "latitude", longitude: "longitude", name: "search_title")) LIMIT \(literal: Self.limit)
            """).all().map(PointsOfInterest.Listing.init)
    }

    /// Nearest `point` first (`NearestFirst`), or by `name`; then by id, so the order is total.
    private func order(near point: Coordinate?, latitude: String, longitude: String, name: String) -> SQLQueryString {
        guard let point else { return "\(ident: name), id" }
        return NearestFirst.order(by: latitude, longitude, to: point)
    }
}
