import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Reading points of interest: in a box, by id, and what a viewer did with them.
package enum PointsOfInterest {
    /// A box may span at most this many degrees each way (about 55 km north–south).
    static let largestBoxDegrees = 0.5

    /// A point as lists show it, before the viewer's marks are added.
    package struct Listing {
        var id: UUID
        var title: String
        var latitude: Double
        var longitude: Double
        var erectedYear: Int?

        func schema(discovered: Bool, favourite: Bool) -> Components.Schemas.PointOfInterestSummary {
            .init(id: id.apiID, title: title, latitude: latitude, longitude: longitude, erectedYear: erectedYear,
                  discovered: discovered, favourite: favourite)
        }

        init(_ row: any SQLRow) throws {
            id = try row.decode(column: "id", as: UUID.self)
            title = try row.decode(column: "title", as: String.self)
            latitude = try row.decode(column: "latitude", as: Double.self)
            longitude = try row.decode(column: "longitude", as: Double.self)
            erectedYear = try row.decode(column: "erected_year", as: Int?.self)
        }

        init(_ row: PointOfInterestRow) throws {
            id = try row.requireID()
            title = row.title
            latitude = row.latitude
            longitude = row.longitude
            erectedYear = row.erectedYear
        }
    }

    /// The points inside `boxes` (a viewport: two boxes when it crosses the antimeridian),
    /// nearest `centre` first, at most `limit`.
    ///
    /// One query: `latitude BETWEEN … AND longitude BETWEEN …` is a range scan of
    /// `pois_position` over the box's latitude band, longitude checked in the index.
    /// - Complexity: O(points in the latitude band's index entries + k log k) for k in the box.
    package static func inside(_ boxes: [BoundingBox], centre: Coordinate, limit: Int, on database: any Database) async throws -> [Listing] {
        guard let first = boxes.first else { return [] }
        let longitudes = boxes.map { box -> SQLQueryString in "longitude BETWEEN \(bind: box.west) AND \(bind: box.east)" }
        return try await database.sql.raw("""
            SELECT id, title, latitude, longitude, erected_year FROM pois
            WHERE latitude BETWEEN \(bind: first.south) AND \(bind: first.north) AND (\(SQLList(longitudes, separator: SQLRaw(" OR "))))
            ORDER BY \(NearestFirst.order(by: "latitude", "longitude", to: centre))
            LIMIT \(bind: limit)
            """).all().map(Listing.init)
    }

    /// The points inside `boxes` nearest `centre` first, at most `limit` (`inside`), as
    /// `viewer` sees them (`schemas`).
    static func listed(in boxes: [BoundingBox], centre: Coordinate, limit: Int, viewer: UUID?,
                       on database: any Database) async throws -> [Components.Schemas.PointOfInterestSummary] {
        try await schemas(try await inside(boxes, centre: centre, limit: limit, on: database), viewer: viewer, on: database)
    }

    /// The point `id` names in detail, with `viewer`'s discovery of it and mark; 404 when
    /// there is none.
    static func detail(_ id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.PointOfInterestDetail {
        let row = try await find(id, on: database)
        let id = try row.requireID()
        let picture = try await Pictures.fetched(row.photoURL.map { [$0] } ?? [], on: database).values.first
        guard let viewer else { return try row.detail(discovery: nil, favourite: false, picture: picture) }
        let discovery = try await Discoveries.of(UserID(viewer), point: PointOfInterestID(id), on: database)
        let favourite = try await favouriteIDs(of: viewer, among: [id], on: database).contains(id)
        var detail = try row.detail(discovery: discovery, favourite: favourite, picture: picture)
        detail.discovery?.point.favourite = favourite
        return detail
    }

    /// `listings` as `viewer` sees them: discovered and favourite flags in two queries.
    static func schemas(_ listings: [Listing], viewer: UUID?, on database: any Database) async throws -> [Components.Schemas.PointOfInterestSummary] {
        let ids = listings.map(\.id)
        let discovered = try await discoveredIDs(of: viewer, among: ids, on: database)
        let favourites = try await favouriteIDs(of: viewer, among: ids, on: database)
        return listings.map { $0.schema(discovered: discovered.contains($0.id), favourite: favourites.contains($0.id)) }
    }

    /// The point with `id`, or 404.
    static func find(_ id: String, on database: any Database) async throws -> PointOfInterestRow {
        guard let uuid = UUID(uuidString: id), let row = try await PointOfInterestRow.find(uuid, on: database) else {
            throw Refusal.notFound("point of interest")
        }
        return row
    }

    /// Which of `ids` `viewer` discovered, on runs not deleted.
    static func discoveredIDs(of viewer: UUID?, among ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        guard let viewer, !ids.isEmpty else { return [] }
        return Set(try await database.sql.raw("""
            SELECT DISTINCT poi_discoveries.poi_id FROM poi_discoveries
            JOIN runs ON runs.id = poi_discoveries.run_id AND runs.deleted_at IS NULL
            WHERE poi_discoveries.user_id = \(bind: viewer) AND poi_discoveries.poi_id IN (\(binds: ids))
            """).all().map { try $0.decode(column: "poi_id", as: UUID.self) })
    }

    /// Which of `ids` `viewer` marked.
    static func favouriteIDs(of viewer: UUID?, among ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        guard let viewer, !ids.isEmpty else { return [] }
        return Set(try await PointOfInterestFavourite.query(on: database).filter(\.$user.$id == viewer)
            .filter(\.$point.$id ~~ ids).all(\.$point.$id))
    }
}

extension PointOfInterestRow {
    /// The detail as the API shows it, with the viewer's discovery and mark.
    func detail(discovery: Components.Schemas.Discovery?, favourite: Bool, picture: UUID?) throws -> Components.Schemas.PointOfInterestDetail {
        .init(id: try requireID().apiID, source: source, sourceId: sourceID, title: title, inscription: inscription,
              latitude: latitude, longitude: longitude,
              subjects: subjects.map { .init(name: $0.name, wikipediaUrl: $0.wikipediaURL) },
              erectedYear: erectedYear, photoUrl: photoURL, photoCredit: photoCredit,
              pictureUrl: photoCredit == nil ? nil : picture.map(Pictures.path), favourite: favourite, discovery: discovery)
    }
}
