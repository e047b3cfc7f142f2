import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Planning legs and loops on the map imported now (`MapGraphs`): the request checked,
/// the router asked, its answer or its refusal given. Straight legs take their elevations
/// from the elevation model's tiles under them (`ElevationTiles`).
enum RoutePlanner {
    /// What the instance's map covers.
    static func coverage(on database: any Database) async throws -> Components.Schemas.MapCoverage {
        guard let row = try await MapImports.current(on: database) else { return .init(imported: false, junctions: 0, edges: 0, elevation: false) }
        return .init(imported: true, importedAt: row.importedAt, source: row.source, junctions: row.junctions, edges: row.stretches,
                     bounds: .init(south: row.south, west: row.west, north: row.north, east: row.east), elevation: row.elevation)
    }

    /// The leg `request` asks for.
    /// - Throws: 400 for a place off the Earth, `refusal(_:)`'s for what the router refuses.
    static func leg(_ request: Components.Schemas.LegRequest, on database: any Database) async throws -> Components.Schemas.PlannedLeg {
        let (from, to) = (try place(request.from, "from"), try place(request.to, "to"))
        let router = try await router(along: [from, to], on: database)
        do {
            return try router.leg(from: from, to: to, mode: request.mode ?? .foot, snap: request.snap ?? true).schema
        } catch {
            throw refusal(error)
        }
    }

    /// The loop `request` asks for.
    /// - Throws: 400 for a place off the Earth or a distance outside 500 m to 100 km, or a
    ///   variant outside 0 to 1000; `refusal(_:)`'s.
    static func loop(_ request: Components.Schemas.LoopRequest, on database: any Database) async throws -> Components.Schemas.PlannedLoop {
        let start = try place(request.start, "start")
        guard request.distanceMeters.isFinite, (500...100_000).contains(request.distanceMeters) else {
            throw Refusal.invalid("`distanceMeters` must be from 500 to 100000")
        }
        let variant = request.variant ?? 0
        guard (0...1_000).contains(variant) else { throw Refusal.invalid("`variant` must be from 0 to 1000") }
        let router = try await router(along: [start], on: database)
        do {
            let loop = try PlannedLoop(from: start, distance: request.distanceMeters, mode: request.mode ?? .foot, variant: variant, router: router)
            return .init(waypoints: loop.waypoints.map { .init(latitude: $0.latitude, longitude: $0.longitude) }, legs: loop.legs.map(\.schema))
        } catch {
            throw refusal(error)
        }
    }

    /// A router on the current map, with the elevation model's tiles under `places` (and
    /// every kilometre between them) for straight legs.
    static func router(along places: [Coordinate], on database: any Database) async throws -> Router {
        let graph = try await MapGraphs.current(on: database)?.1
        var samples = places
        for (a, b) in zip(places, places.dropFirst()) {
            let steps = min(100, Int(Geodesy.distance(a, b) / 1_000))
            for step in stride(from: 1, through: steps, by: 1) {
                let f = Double(step) / Double(steps + 1)
                samples.append(Coordinate(latitude: a.latitude + f * (b.latitude - a.latitude), longitude: a.longitude + f * (b.longitude - a.longitude)))
            }
        }
        let model = try await ElevationTiles.model(under: samples, on: database)
        return Router(graph: graph, elevation: { model.elevation(at: $0) })
    }

    /// `point` as a coordinate, 400 when it is off the Earth.
    static func place(_ point: Components.Schemas.PlacePoint, _ field: String) throws -> Coordinate {
        let coordinate = Coordinate(latitude: point.latitude, longitude: point.longitude)
        guard coordinate.isValid else { throw Refusal.invalid("`\(field)` must be a latitude from -90 to 90 and a longitude from -180 to 180") }
        return coordinate
    }

    /// What the router's `problem` tells the client: 422 with a code it can act on, or 400 for a leg too long.
    static func refusal(_ problem: RoutingProblem, leg: Int? = nil) -> Refusal {
        let message = leg.map { "leg \($0): " } ?? ""
        switch problem {
        case .notOnMap: return Refusal(.unprocessable, code: "not_on_map", message: message + problem.description)
        case .noWay: return Refusal(.unprocessable, code: "no_way", message: message + problem.description)
        case .noMap: return Refusal(.unprocessable, code: "no_map", message: message + problem.description)
        case .tooFar: return Refusal(.invalid, code: "leg_too_long", message: message + problem.description)
        }
    }
}

extension PlannedLeg {
    /// The leg as the API shows it.
    var schema: Components.Schemas.PlannedLeg {
        let climb = climb
        return .init(points: zip(points, elevations).map { .init(latitude: $0.latitude, longitude: $0.longitude, elevation: $1) },
                     distanceMeters: distance, ascentMeters: climb?.ascent, descentMeters: climb?.descent, snapped: snapped)
    }
}
