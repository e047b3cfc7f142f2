import Fluent
import Foundation
import PacelineCore

/// What becomes of a route when the run it was made from is deleted.
///
/// A route belongs to the runs on it. When its runner deletes the run a route was made
/// from, the route passes to the fastest run of another runner on its leaderboard that
/// may be seen at least as widely as the route (its path and the pace it offers by
/// default become that run's, and its creator that runner), so the people who ran it keep
/// their route and their places; with no such run, the route goes with the run.
enum RouteSuccession {
    /// The route's fate.
    enum Outcome: Equatable {
        /// It now follows another runner's run.
        case passed(toRun: UUID, runner: UUID)
        /// Nobody else's run could carry it: it is gone.
        case removed
    }

    /// Settles `route`, whose run `leaving` is being deleted, inside the deletion's transaction.
    static func settle(_ route: Route, leaving runID: UUID, on database: any Database) async throws -> Outcome {
        let routeID = try route.requireID()
        let candidates = try await RouteRun.query(on: database).filter(\.$route.$id == routeID)
            .filter(\.$runner.$id != route.$creator.id).filter(\.$run.$id != runID)
            .sort(\.$elapsedSeconds).all()
        // The fastest first; one that can't carry it (too private, unreadable, wholly hidden
        // by its runner's zones) is passed over. Tracks are read one at a time.
        for candidate in candidates {
            guard let run = try await Run.find(candidate.$run.id, on: database),
                  route.privacy.isAtLeastAsHidden(as: run.privacy),
                  let checkpoints = try? run.checkpoints() else { continue }
            let zones = try await User.find(candidate.$runner.id, on: database)?.privacyZones ?? []
            guard !checkpoints.hiding(zones).isEmpty else { continue }
            route.$run.id = candidate.$run.id
            route.$creator.id = candidate.$runner.id
            try await RoutePlacement.move(route, along: checkpoints, hiding: zones, on: database)
            return .passed(toRun: candidate.$run.id, runner: candidate.$runner.id)
        }
        try await remove(route, on: database)
        return .removed
    }

    /// Deletes `route`: its leaderboard goes, its runs are freed, its favourites are marked
    /// removed, its name is searched no more.
    static func remove(_ route: Route, on database: any Database) async throws {
        let routeID = try route.requireID()
        try await RouteRun.query(on: database).filter(\.$route.$id == routeID).delete()
        try await Run.query(on: database).withDeleted().filter(\.$route.$id == routeID).set(\.$route.$id, to: nil).update()
        // Favourites are marked removed (not deleted) so syncing clients learn of it.
        try await Favourite.query(on: database).filter(\.$route.$id == routeID).filter(\.$removed == false)
            .set(\.$removed, to: true).set(\.$updatedAt, to: Date()).update()
        try await route.delete(on: database)
        try await RouteGrid.remove(route, on: database)
        try await RouteWords.remove(of: routeID, on: database.sql)
    }
}

extension Privacy {
    /// Whether something of this privacy shows to no one that `other` does not show to:
    /// a public route may pass only to a public run, a friends-and-clubs' route to a public
    /// or friends-and-clubs' one, a friends' route to any but a private one.
    func isAtLeastAsHidden(as other: Privacy) -> Bool {
        switch self {
        case .public: other == .public
        case .friendsAndClubs: other == .public || other == .friendsAndClubs
        case .friends: other != .private
        case .private: true
        }
    }
}
