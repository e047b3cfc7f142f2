import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension PlannedRouteBook {
    /// The even pace a planned route's course is timed at, for a watch's virtual partner:
    /// 6:00 /km on foot, 20 km/h on a bike.
    static func courseSpeed(_ mode: TravelMode) -> Double {
        switch mode {
        case .foot: 1000 / 360
        case .bike: 20 / 3.6
        }
    }

    /// Planned route `id` as a course, as `viewer` may see it; 404 unless they may.
    static func course(of id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Course {
        let route = try await visible(id, to: viewer, on: database)
        return try course(route, seenBy: viewer)
    }

    /// A pacer for planned route `id` made from `goal` seconds by `strategy` (`PacePlan`),
    /// along its line as `viewer` may see it.
    /// - Throws: 404 unless they may see it; 400 for a goal no runner keeps over it.
    static func plan(on id: String, goal: Int, strategy: PacePlan.Strategy, seenBy viewer: UUID?,
                     on database: any Database) async throws -> Components.Schemas.PlannedRoutePlan {
        let route = try await visible(id, to: viewer, on: database)
        let course = try course(route, seenBy: viewer)
        let activity = Activity(format: .gpx, name: route.name, sport: route.mode == .bike ? .ride : .run, track: Track(segments: [course.path]))
        let plan: PacePlan
        do {
            plan = try PacePlan(route: try Normalization.checkpoints(of: activity), goal: Double(goal), strategy: strategy)
        } catch {
            throw Refusal.invalid("\(error)")
        }
        return .init(plannedRouteId: try route.requireID().apiID, goalSeconds: goal, strategy: strategy,
                     splits: plan.splits.map(\.schema), checkpoints: plan.checkpoints.map(\.schema))
    }

    /// `route`'s line as `viewer` may see it, timed as a course.
    private static func course(_ route: PlannedRoute, seenBy viewer: UUID?) throws -> Course {
        let line = try line(of: route, seenBy: viewer)
        return Course(name: route.name, sport: route.mode == .bike ? .ride : .run, coordinates: line.coordinates, elevations: line.elevations,
                      speed: courseSpeed(route.mode), start: route.createdAt ?? Date())
    }
}
