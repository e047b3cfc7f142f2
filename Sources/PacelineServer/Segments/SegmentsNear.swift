import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// The segments around a runner, for live segments while recording: those starting in a
/// map box, found by the cells of their starts (`SegmentCell`, the index matching uses).
enum SegmentsNear {
    /// The widest box asked for, degrees each way: at most some thousand cells to look up.
    static let widestBox = 0.2
    /// The most segments answered.
    static let maximumCount = 100

    /// The segments of `sport` (any when nil) that `viewer` may see starting in `viewport`,
    /// nearest its centre first, each with the viewer's best; none whose start or end lies
    /// in its maker's privacy zones, to anyone but its maker.
    static func segments(in viewport: Viewport, sport: Sport?, viewer: UUID?,
                         on database: any Database) async throws -> [Components.Schemas.NearbySegment] {
        var keys = Set<Int64>()
        for box in viewport.boxes {
            guard box.north - box.south <= widestBox, box.east - box.west <= widestBox else {
                throw Refusal.invalid("bbox: at most \(widestBox)° each way")
            }
            let cells = WebMercatorGrid.cells(covering: box, at: SegmentCell.level)
            for x in cells.x { for y in cells.y { keys.insert(Int64(x) << 16 | Int64(y)) } }
        }
        let visible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "segments"),
                                        privacy: SQLColumn("privacy", table: "segments"))
        var conditions: [SQLQueryString] = [visible]
        if let sport { conditions.append("segments.sport = \(bind: sport.rawValue)") }
        let list = keys.sorted().map(String.init).joined(separator: ",")
        let rows = try await database.sql.raw("""
            SELECT segments.id, segments.owner_id, segments.name, segments.sport, segments.distance_m, segments.start_lat,
                   segments.start_lon, segments.end_lat, segments.end_lon, users.privacy_zones
            FROM segments JOIN users ON users.id = segments.owner_id
            WHERE segments.start_cell IN (\(unsafeRaw: list)) AND \(SQLList(conditions, separator: SQLRaw(" AND ")))
            """).all()
        let first = viewport.boxes[0]
        let centre = Coordinate(latitude: (first.south + first.north) / 2, longitude: (first.west + first.east) / 2)
        var found: [(distance: Double, segment: Components.Schemas.NearbySegment)] = []
        for row in rows {
            let start = Coordinate(latitude: try row.decode(column: "start_lat", as: Double.self),
                                   longitude: try row.decode(column: "start_lon", as: Double.self))
            let end = Coordinate(latitude: try row.decode(column: "end_lat", as: Double.self),
                                 longitude: try row.decode(column: "end_lon", as: Double.self))
            guard viewport.boxes.contains(where: { $0.contains(start) }) else { continue }
            if try row.decode(column: "owner_id", as: UUID.self) != viewer {
                let zones = User.privacyZones(stored: try row.decode(column: "privacy_zones", as: String?.self))
                if zones.hide(start) || zones.hide(end) { continue }
            }
            let sport = try row.decode(column: "sport", as: Sport.self)
            found.append((Geodesy.distance(centre, start), .init(
                id: try row.decode(column: "id", as: UUID.self).apiID, name: try row.decode(column: "name", as: String.self),
                sport: sport, distanceMeters: try row.decode(column: "distance_m", as: Double.self),
                start: .init(latitude: start.latitude, longitude: start.longitude),
                end: .init(latitude: end.latitude, longitude: end.longitude))))
        }
        var segments = found.sorted { $0.distance < $1.distance }.prefix(maximumCount).map(\.segment)
        guard let viewer, !segments.isEmpty else { return segments }
        let bests = try await SegmentBoard.bests(of: UserID(viewer), on: segments.compactMap { UUID(uuidString: $0.id).map(SegmentID.init) }, on: database)
        for index in segments.indices { segments[index].yourBestSeconds = UUID(uuidString: segments[index].id).flatMap { bests[$0] } }
        return segments
    }
}
