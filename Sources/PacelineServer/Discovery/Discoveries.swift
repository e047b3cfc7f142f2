import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Discoveries: the points of interest a user's runs passed within
/// `ProximityGrid.defaultRadius`, found by the server on its own filtered track when a
/// run is uploaded (never from anything the client says), and kept for the user alone.
package enum Discoveries {
    /// One point a run passed.
    package struct Found {
        var pointID: UUID
        var time: Date
        var distance: Double
    }

    /// The points `activity`'s filtered track passes: its kept fixes' box, widened by the
    /// radius, is read with one indexed query, then `ProximityGrid` walks the path.
    /// - Complexity: O(fixes + path length / 100 m + points in the box).
    package static func find(in activity: Activity, on database: any Database) async throws -> [Found] {
        let (segments, _) = FixFilter(thresholds: .for(activity.sport)).filter(activity.track)
        let coordinates = segments.flatMap(\.coordinates)
        let candidates = try await candidates(around: coordinates, on: database)
        guard !candidates.isEmpty else { return [] }
        let ids = candidates.map(\.id), points = candidates.map(\.coordinate)
        let radius = ProximityGrid.defaultRadius
        let start = activity.track.fixes.lazy.compactMap(\.time).first ?? Date()
        return ProximityGrid(points: points, radius: radius).passes(along: segments).map {
            Found(pointID: ids[$0.index], time: $0.time ?? start, distance: $0.distance)
        }
    }

    /// A point of interest near a path: what is needed to tell of it.
    package struct Candidate: Sendable {
        var id: UUID
        var title: String
        var coordinate: Coordinate
    }

    /// The points within `ProximityGrid.defaultRadius` of `coordinates`' box, by one indexed query.
    static func candidates(around coordinates: [Coordinate], on database: any Database) async throws -> [Candidate] {
        guard let first = coordinates.first else { return [] }
        var box = BoundingBox(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        for c in coordinates {
            box.south = min(box.south, c.latitude); box.north = max(box.north, c.latitude)
            box.west = min(box.west, c.longitude); box.east = max(box.east, c.longitude)
        }
        let radius = ProximityGrid.defaultRadius
        let margin = radius / 110_000, scale = max(cos(max(abs(box.south), abs(box.north)) * .pi / 180), 0.01)
        return try await database.sql.raw("""
            SELECT id, title, latitude, longitude FROM pois
            WHERE latitude BETWEEN \(bind: box.south - margin) AND \(bind: box.north + margin)
              AND longitude BETWEEN \(bind: box.west - margin / scale) AND \(bind: box.east + margin / scale)
            """).all().map {
            Candidate(id: try $0.decode(column: "id", as: UUID.self), title: try $0.decode(column: "title", as: String.self),
                      coordinate: Coordinate(latitude: try $0.decode(column: "latitude", as: Double.self),
                                             longitude: try $0.decode(column: "longitude", as: Double.self)))
        }
    }

    /// Stores what `run` found.
    static func record(_ found: [Found], run: Run, on database: any Database) async throws {
        guard !found.isEmpty else { return }
        let runID = try run.requireID()
        let rows = found.map { item -> DiscoveryRow in
            let row = DiscoveryRow()
            row.$user.id = run.$owner.id
            row.$run.id = runID
            row.$point.id = item.pointID
            row.discoveredAt = item.time
            row.distanceMeters = item.distance
            return row
        }
        try await rows.create(on: database)
    }

    /// The user's discoveries, each point once (its earliest discovery on a run not
    /// deleted), latest first, at most `limit`.
    /// - Complexity: O(the user's discovery rows); two queries, the favourites one for
    ///   the `limit` points shown only.
    static func of(_ user: UUID, limit: Int, on database: any Database) async throws -> [Components.Schemas.Discovery] {
        let rows = try await query(where: "poi_discoveries.user_id = \(bind: user)", on: database)
        var earliest: [UUID: (Components.Schemas.Discovery, Date)] = [:]
        for (discovery, pointID, time) in rows where earliest[pointID] == nil { earliest[pointID] = (discovery, time) }
        let shown = earliest.sorted { ($0.value.1, $0.key.uuidString) > ($1.value.1, $1.key.uuidString) }.prefix(limit)
        let favourites = try await PointsOfInterest.favouriteIDs(of: user, among: shown.map(\.key), on: database)
        return shown.map { id, value in
            var discovery = value.0
            discovery.point.favourite = favourites.contains(id)
            return discovery
        }
    }

    /// What one run discovered, in the order passed.
    static func of(run: UUID, on database: any Database) async throws -> [Components.Schemas.Discovery] {
        try await query(where: "poi_discoveries.run_id = \(bind: run)", on: database).map(\.0)
    }

    /// What `user`'s run `runID` discovered, in the order passed; 404 unless they own it.
    static func of(run runID: String, ownedBy user: UUID, on database: any Database) async throws -> [Components.Schemas.Discovery] {
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        return try await of(run: try run.requireID(), on: database)
    }

    /// `user`'s discovery of `point` (the earliest, on a run not deleted), if any.
    static func of(_ user: UserID, point: PointOfInterestID, on database: any Database) async throws -> Components.Schemas.Discovery? {
        try await query(where: "poi_discoveries.user_id = \(bind: user.uuid) AND poi_discoveries.poi_id = \(bind: point.uuid)", on: database).first?.0
    }

    /// Discoveries matching `condition`, earliest first, on runs not deleted.
    private static func query(where condition: SQLQueryString, on database: any Database) async throws -> [(Components.Schemas.Discovery, UUID, Date)] {
        try await database.sql.raw("""
            SELECT pois.id, pois.title, pois.latitude, pois.longitude, pois.erected_year,
                   poi_discoveries.run_id, poi_discoveries.discovered_at, poi_discoveries.distance_m
            FROM poi_discoveries
            JOIN runs ON runs.id = poi_discoveries.run_id AND runs.deleted_at IS NULL
            JOIN pois ON pois.id = poi_discoveries.poi_id
            WHERE \(condition)
            ORDER BY poi_discoveries.discovered_at, pois.id
            """).all().map { row in
            let listing = try PointsOfInterest.Listing(row)
            let time = try row.decode(column: "discovered_at", as: Date.self)
            return (Components.Schemas.Discovery(
                point: listing.schema(discovered: true, favourite: false),
                runId: try row.decode(column: "run_id", as: UUID.self).apiID,
                discoveredAt: time, distanceMeters: try row.decode(column: "distance_m", as: Double.self)), listing.id, time)
        }
    }
}
