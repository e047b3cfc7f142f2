import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// The points of interest (plaques) a walker in a live session passes, told to everyone in
/// the session as they are passed: a shared walk finds them together. Found by the server
/// from the walker's own fixes (never from what a client says it found), once per walker
/// and point in a session; a fix inside the walker's privacy zones finds nothing, as their
/// position there is not told either. What the walk keeps is found again from its track
/// when it is saved (`Discoveries`), as for any walk.
enum LiveDiscoveries {
    /// The sports that discover, as the recording screen's (walks and hikes).
    static let sports: Set<Sport> = [.walk, .hike]

    /// Seconds of a walker's fixes looked at together: one indexed query per walker at
    /// most this often, however the phone batches its fixes.
    static let interval = 5.0

    /// What a walker has passed in this session, and the path not looked at yet.
    struct Walker: Sendable {
        var passed: Set<UUID> = []
        var path: [(coordinate: Coordinate, time: Date)] = []
    }

    /// The points `fixes` (with those held back since the last look) pass that `walker`
    /// hasn't passed yet in the session, each with the time of the first fix within
    /// `ProximityGrid.defaultRadius` of it; marks them passed. Looks only once the path
    /// held spans `interval`, or `flush`.
    /// - Complexity: one query for the path's box, then O(path × points in the box).
    static func passed(_ fixes: [Fix], by walker: inout Walker, hidden zones: [PrivacyZone], flush: Bool = false,
                       on database: any Database) async throws -> [(point: Discoveries.Candidate, time: Date)] {
        for fix in fixes {
            guard let coordinate = fix.coordinate, let time = fix.time, !zones.hide(coordinate) else { continue }
            walker.path.append((coordinate, time))
        }
        guard let first = walker.path.first, let last = walker.path.last,
              flush || last.time.timeIntervalSince(first.time) >= interval else { return [] }
        let path = walker.path
        walker.path = []
        var found: [(point: Discoveries.Candidate, time: Date)] = []
        for point in try await Discoveries.candidates(around: path.map(\.coordinate), on: database) where !walker.passed.contains(point.id) {
            guard let passing = path.first(where: { Geodesy.distance($0.coordinate, point.coordinate) <= ProximityGrid.defaultRadius })
            else { continue }
            walker.passed.insert(point.id)
            found.append((point, passing.time))
        }
        return found.sorted { $0.time < $1.time }
    }
}
