import Fluent
import Foundation
import PacelineCore

/// Where a route is shown on the map: its length from its run, its start and end the first
/// and last of its checkpoints outside its creator's privacy zones, so a route made from a
/// run that starts at home is not pinned on the runner's door.
enum RoutePlacement {
    /// Sets `route`'s distance, start and end from `checkpoints` (its run's) hiding `zones`;
    /// false when every checkpoint is hidden (nothing of it can be shown).
    static func place(_ route: Route, along checkpoints: [Checkpoint], hiding zones: [PrivacyZone]) -> Bool {
        let shown = checkpoints.hiding(zones)
        guard let whole = checkpoints.last, let first = shown.first, let last = shown.last else { return false }
        route.distanceMeters = whole.distance
        route.startLatitude = first.coordinate.latitude
        route.startLongitude = first.coordinate.longitude
        route.endLatitude = last.coordinate.latitude
        route.endLongitude = last.coordinate.longitude
        RouteGrid.place(route)
        return true
    }

    /// Places again the routes `creator` made, after their privacy zones changed.
    static func replace(routesOf creator: User, on database: any Database) async throws {
        let routes = try await Route.query(on: database).filter(\.$creator.$id == creator.requireID()).with(\.$run).all()
        for route in routes {
            try await move(route, along: (try? route.run.checkpoints()) ?? [], hiding: creator.privacyZones, on: database)
        }
    }

    /// Moves `route` to where `checkpoints` hiding `zones` put it and saves it (with any
    /// other change made to it): it leaves the map's grid and comes back at its new start.
    /// A route whose whole path is hidden (or unreadable) becomes its creator's alone: its
    /// old pin would show the place the zone hides.
    static func move(_ route: Route, along checkpoints: [Checkpoint], hiding zones: [PrivacyZone], on database: any Database) async throws {
        try await RouteGrid.remove(route, on: database)
        if !place(route, along: checkpoints, hiding: zones) { route.privacy = .private }
        try await route.save(on: database)
        try await RouteGrid.add(route, on: database)
    }
}
