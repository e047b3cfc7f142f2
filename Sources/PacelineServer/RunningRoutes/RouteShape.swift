import Fluent
import Foundation
import PacelineCore

/// A route drawn small for a list (the favourites): the path of the run it was made of, from
/// that run's heat lines, as the viewer may see it: without what lies in its creator's
/// privacy zones (to anyone but the creator), as the route's map leaves it out; in the same
/// box as a run's (`Run.shapeBox`).
enum RouteShape {
    /// The shapes of `routes` (their creators loaded) as `viewer` sees them, by route id.
    /// - Complexity: one query for the routes' runs' heat lines; linear in their points.
    static func of(_ routes: [Route], viewer: UUID, on database: any Database) async throws -> [UUID: String] {
        let runIDs = routes.map { $0.$run.id }
        guard !runIDs.isEmpty else { return [:] }
        let runs = try await Run.query(on: database).withDeleted().filter(\.$id ~~ runIDs).field(\.$id).field(\.$heatLines).all()
        let lines = Dictionary(runs.compactMap { run in run.id.map { ($0, run.heatLines ?? []) } }, uniquingKeysWith: { first, _ in first })
        var shapes: [UUID: String] = [:]
        for route in routes {
            guard let id = route.id else { continue }
            let zones = route.$creator.id == viewer ? [] : route.creator.privacyZones
            let segments = (lines[route.$run.id] ?? []).compactMap(HeatLine.decode).flatMap { $0.hiding(zones) }.filter { $0.count > 1 }
            let shape = Run.shapeBox.pathData(of: segments)
            if !shape.isEmpty { shapes[id] = shape }
        }
        return shapes
    }
}
