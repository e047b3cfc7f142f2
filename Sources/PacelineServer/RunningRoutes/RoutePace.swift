import Fluent
import Foundation
import PacelineCore

/// The pace a follower races on a route: a run of the route's checkpoints, cut where the
/// route is cut for them and measured from the same point the route is shown from.
///
/// A route is shown from its first point outside its creator's privacy zones
/// (`RoutePlacement`), to everyone but the creator; a pace run of someone else's, or an
/// unzoned pace seen live, still began at the hidden start, so a follower starting where
/// the route is shown was "2 minutes ahead" four seconds in, for the whole run. So the pace
/// leaves out what lies in the pace run's owner's zones and in the route creator's (each
/// hidden from anyone but their owner), and its distances and times count from the first
/// checkpoint left (`[Checkpoint].hiding`).
enum RoutePace {
    /// `paceRun`'s checkpoints as `viewer` races them on `route`; the run's owner must be loaded.
    static func checkpoints(of paceRun: Run, on route: Route, seenBy viewer: UUID?, on database: any Database) async throws -> [Checkpoint] {
        let creator = try await route.$creator.get(on: database)
        let creatorZones = viewer == creator.id ? [] : creator.privacyZones
        return try paceRun.checkpoints().hiding(paceRun.zones(hiddenFrom: viewer) + creatorZones)
    }
}
