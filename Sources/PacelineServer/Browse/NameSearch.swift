import Fluent
import FluentSQL
import Foundation
import PacelineCore
import SQLKit

/// Finding routes and places by name: the routes whose name contains a text (the public
/// ones, and the searcher's own whatever their privacy: never another's private or
/// friends' route), and the points of interest whose title does. Names are compared folded
/// (`SearchName`), nearest a point first when one is given, by name otherwise.
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

    /// The routes matching `text` that `viewer` (nil: anonymous) may find, creators loaded.
    /// - Complexity: a scan of the routes' folded names (a substring can't use an index),
    ///   stopping at nothing: O(routes), measured in docs/PERFORMANCE.md.
    package func routes(matching text: String, viewer: UUID?, near point: Coordinate?) async throws -> [Route] {
        let mine: SQLQueryString = viewer.map { " OR creator_id = \(bind: $0)" } ?? ""
        let rows = try await database.sql.raw("""
            SELECT * FROM routes
            WHERE search_name LIKE \(bind: SearchName.containing(text)) ESCAPE \(literal: "\\")
                AND deleted_at IS NULL AND (privacy = \(bind: Privacy.public.rawValue)\(mine))
            ORDER BY \(order(near: point, latitude: "start_lat", longitude: "start_lon", name: "search_name")) LIMIT \(literal: Self.limit)
            """).all()
        return try await RouteBrowser.withCreators(try rows.map { try $0.decode(fluentModel: Route.self) }, on: database)
    }

    /// The points of interest whose title contains `text`.
    /// - Complexity: a scan of the points' folded titles.
    func places(matching text: String, near point: Coordinate?) async throws -> [PointsOfInterest.Listing] {
        try await database.sql.raw("""
            SELECT id, title, latitude, longitude, erected_year FROM pois
            WHERE search_title LIKE \(bind: SearchName.containing(text)) ESCAPE \(literal: "\\")
            ORDER BY \(order(near: point, latitude: "latitude", longitude: "longitude", name: "search_title")) LIMIT \(literal: Self.limit)
            """).all().map(PointsOfInterest.Listing.init)
    }

    /// Nearest `point` first (squared degrees, longitude scaled by the latitude's cosine),
    /// or by name; then by id, so the order is total.
    private func order(near point: Coordinate?, latitude: String, longitude: String, name: String) -> SQLQueryString {
        guard let point else { return "\(ident: name), id" }
        let scale = cos(point.latitude * .pi / 180)
        return """
            (\(ident: latitude) - \(bind: point.latitude)) * (\(ident: latitude) - \(bind: point.latitude)) \
            + (\(ident: longitude) - \(bind: point.longitude)) * (\(ident: longitude) - \(bind: point.longitude)) * \(bind: scale * scale), id
            """
    }
}
