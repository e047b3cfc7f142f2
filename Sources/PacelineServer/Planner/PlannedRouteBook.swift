import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// The routes users plan: saving one (every leg planned again by the server from its
/// waypoints, so what is kept is what the server measured), listing one's own, reading one
/// as its privacy allows (to anyone but its planner, without what lies in their privacy
/// zones), renaming it or changing who sees it, deleting it; and what is made from one: a
/// course for a watch, a pacer from a goal (`PlannedRouteBook+Pacing.swift`). Refusals are
/// `Refusal`s.
enum PlannedRouteBook {
    /// Waypoints a planned route may have at most.
    static let maximumWaypoints = 200
    /// Points its line may have at most (about 1.2 MB kept): a line longer than a few
    /// thousand kilometres of streets.
    static let maximumPoints = 100_000
    /// Planned routes a user may keep: 1,000.
    static let maximumPerUser = 1_000

    /// Saves `input` as `user`'s planned route.
    /// - Throws: 400 for fewer than 2 or more than 200 waypoints, a place off the Earth or a
    ///   bad name; the router's refusals (`RoutePlanner.refusal`), naming the leg; 422 for
    ///   a line over `maximumPoints`; 409 for a user with `maximumPerUser` already.
    static func create(_ input: Components.Schemas.PlannedRouteInput, by user: UUID, on database: any Database) async throws -> Components.Schemas.PlannedRoute {
        guard (2...maximumWaypoints).contains(input.waypoints.count) else {
            throw Refusal.invalid("a planned route has from 2 to \(maximumWaypoints) waypoints")
        }
        let places = try input.waypoints.enumerated().map { index, point in
            try RoutePlanner.place(.init(latitude: point.latitude, longitude: point.longitude), "waypoints[\(index)]")
        }
        let name = try TextInput.checked(input.name, "name", .name).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let mode = input.mode ?? .foot
        // Straight legs start where the leg before ended, which only planning tells: their
        // tiles are those under the waypoints' straight lines, a few metres off at most.
        let straight = places.indices.dropFirst().filter { !(input.waypoints[$0].snap ?? true) }.map { (places[$0 - 1], places[$0]) }
        let router = try await RoutePlanner.router(straight: straight, on: database)
        var waypoints: [PlannedRoute.Waypoint] = []
        var legs: [PlannedLeg] = []
        var points = 0
        for index in places.indices.dropFirst() {
            let snap = input.waypoints[index].snap ?? true
            let start = legs.last?.points.last ?? places[0]
            let leg: PlannedLeg
            do {
                leg = try router.leg(from: start, to: places[index], mode: mode, snap: snap)
            } catch {
                throw RoutePlanner.refusal(error, leg: index)
            }
            if waypoints.isEmpty { waypoints.append(.init(latitude: leg.points[0].latitude, longitude: leg.points[0].longitude, snap: false)) }
            let end = leg.points[leg.points.count - 1]
            waypoints.append(.init(latitude: end.latitude, longitude: end.longitude, snap: snap))
            legs.append(leg)
            points += leg.points.count
            guard points <= maximumPoints else {
                throw Refusal.unprocessable("the planned line has over \(maximumPoints) points by leg \(index): split it into two routes")
            }
        }
        let line = PlannedLine(legs)
        let route = PlannedRoute()
        route.$planner.id = user
        route.mode = mode
        route.privacy = input.privacy ?? .private
        route.waypoints = waypoints
        route.distanceMeters = line.distance
        route.ascentMeters = line.climb?.ascent
        route.descentMeters = line.climb?.descent
        route.line = Data(LineCoding.encode(line.coordinates, elevations: line.elevations))
        let loop = line.coordinates.count > 1 && Geodesy.distance(line.coordinates[0], line.coordinates[line.coordinates.count - 1]) < 50
        route.name = name ?? defaultName(distance: line.distance, loop: loop)
        try await database.lockingUser(user) { transaction in
            let kept = try await PlannedRoute.query(on: transaction).filter(\.$planner.$id == user).count()
            guard kept < maximumPerUser else {
                throw Refusal(.conflict, code: "too_many_planned_routes", message: "you keep \(kept) planned routes, the most there may be: delete some first")
            }
            try await route.create(on: transaction)
        }
        return try await schema(route, seenBy: user, withLine: true, on: database)
    }

    /// `user`'s planned routes, newest first, without their lines.
    static func list(by user: UUID, on database: any Database) async throws -> Components.Schemas.PlannedRouteList {
        // Every column but the line, which the list does not show.
        let routes = try await PlannedRoute.query(on: database).filter(\.$planner.$id == user).with(\.$planner)
            .field(\.$id).field(\.$planner.$id).field(\.$name).field(\.$privacy).field(\.$mode).field(\.$distanceMeters)
            .field(\.$ascentMeters).field(\.$descentMeters).field(\.$waypoints.$text).field(\.$createdAt).field(\.$updatedAt)
            .sort(\.$createdAt, .descending).all()
        var schemas: [Components.Schemas.PlannedRoute] = []
        for route in routes { schemas.append(try await schema(route, seenBy: user, withLine: false, on: database)) }
        return .init(plannedRoutes: schemas)
    }

    /// Planned route `id` as `viewer` may see it; 404 unless its privacy lets them.
    static func detail(_ id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.PlannedRoute {
        try await schema(try await visible(id, to: viewer, on: database), seenBy: viewer, withLine: true, on: database)
    }

    /// Renames `user`'s planned route `id` or changes its privacy; 404 unless they planned it, 400 for a bad name.
    static func update(_ id: String, _ change: Components.Schemas.PlannedRouteChange, by user: UUID, on database: any Database) async throws -> Components.Schemas.PlannedRoute {
        let route = try await own(id, by: user, on: database)
        if let name = try TextInput.checked(change.name, "name", .name) {
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw Refusal.invalid("`name` may not be empty") }
            route.name = name
        }
        if let privacy = change.privacy { route.privacy = privacy }
        try await route.save(on: database)
        return try await schema(route, seenBy: user, withLine: true, on: database)
    }

    /// Deletes `user`'s planned route `id`; 404 unless they planned it.
    static func delete(_ id: String, by user: UUID, on database: any Database) async throws {
        try await own(id, by: user, on: database).delete(on: database)
    }

    /// Planned route `id` with its planner, if `viewer` may see it; 404 otherwise.
    static func visible(_ id: String, to viewer: UUID?, on database: any Database) async throws -> PlannedRoute {
        guard let uuid = UUID(uuidString: id),
              let route = try await PlannedRoute.query(on: database).filter(\.$id == uuid).with(\.$planner).first(),
              try await Privacy.allows(viewer, toSee: route.$planner.id, privacy: route.privacy, on: database)
        else { throw Refusal.notFound("planned route") }
        return route
    }

    /// `user`'s own planned route `id`; 404 otherwise (another's is not theirs to change, whatever its privacy).
    private static func own(_ id: String, by user: UUID, on database: any Database) async throws -> PlannedRoute {
        guard let uuid = UUID(uuidString: id),
              let route = try await PlannedRoute.query(on: database).filter(\.$id == uuid).filter(\.$planner.$id == user).with(\.$planner).first()
        else { throw Refusal.notFound("planned route") }
        return route
    }

    /// The line of `route` as `viewer` may see it: whole to its planner; to anyone else
    /// without the points inside the planner's privacy zones.
    static func line(of route: PlannedRoute, seenBy viewer: UUID?) throws -> (coordinates: [Coordinate], elevations: [Double?]) {
        guard let line = LineCoding.decode(route.line) else { throw Refusal(.unavailable, code: "line_damaged", message: "the planned route's stored line is damaged") }
        let zones = viewer == route.$planner.id ? [] : route.planner.privacyZones
        guard !zones.isEmpty else { return line }
        let shown = line.coordinates.indices.filter { !zones.hide(line.coordinates[$0]) }
        return (shown.map { line.coordinates[$0] }, shown.map { line.elevations[$0] })
    }

    private static func schema(_ route: PlannedRoute, seenBy viewer: UUID?, withLine: Bool, on database: any Database) async throws -> Components.Schemas.PlannedRoute {
        if route.$planner.value == nil { try await route.$planner.load(on: database) }
        let mine = viewer == route.$planner.id
        let zones = mine ? [] : route.planner.privacyZones
        let points = withLine ? try line(of: route, seenBy: viewer) : nil
        return .init(id: try route.requireID().apiID, name: route.name, privacy: route.privacy, mode: route.mode, planner: route.planner.summary, mine: mine,
                     distanceMeters: route.distanceMeters, ascentMeters: route.ascentMeters, descentMeters: route.descentMeters,
                     waypoints: route.waypoints.filter { !zones.hide(Coordinate(latitude: $0.latitude, longitude: $0.longitude)) }
                         .map { .init(latitude: $0.latitude, longitude: $0.longitude, snap: $0.snap) },
                     points: points.map { zip($0.coordinates, $0.elevations).map { .init(latitude: $0.latitude, longitude: $0.longitude, elevation: $1) } },
                     createdAt: route.createdAt ?? Date())
    }

    /// A name for a route saved without one: "Loop of 5.2 km" or "Route of 12.0 km".
    private static func defaultName(distance: Double, loop: Bool) -> String {
        String(format: "%@ of %.1f km", loop ? "Loop" : "Route", distance / 1000)
    }
}

/// A planned route's line: its legs' points one after another (each join once), and the
/// legs' numbers added up.
struct PlannedLine {
    var coordinates: [Coordinate] = []
    var elevations: [Double?] = []
    var distance = 0.0
    var climb: (ascent: Double, descent: Double)? = (0, 0)

    init(_ legs: [PlannedLeg]) {
        for leg in legs {
            let skip = coordinates.last == leg.points.first ? 1 : 0
            coordinates.append(contentsOf: leg.points.dropFirst(skip))
            elevations.append(contentsOf: leg.elevations.dropFirst(skip))
            distance += leg.distance
            if let legClimb = leg.climb, let total = climb { climb = (total.ascent + legClimb.ascent, total.descent + legClimb.descent) } else { climb = nil }
        }
    }
}
