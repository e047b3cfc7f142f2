import Foundation
import PacelineCore
import SQLKit

/// Ordering rows by how near a point they are, in SQL that both databases run and any
/// index on the position can't serve (so it orders what a query already narrowed down):
/// squared degrees, the longitude's scaled by the point's latitude cosine, then the id so
/// the order is total.
enum NearestFirst {
    /// `ORDER BY` terms: nearest `point` first by the `latitude` and `longitude` columns, then `id`.
    static func order(by latitude: String, _ longitude: String, to point: Coordinate) -> SQLQueryString {
        let scale = cos(point.latitude * .pi / 180)
        return """
            (\(ident: latitude) - \(bind: point.latitude)) * (\(ident: latitude) - \(bind: point.latitude)) \
            + (\(ident: longitude) - \(bind: point.longitude)) * (\(ident: longitude) - \(bind: point.longitude)) * \(bind: scale * scale), id
            """
    }
}
