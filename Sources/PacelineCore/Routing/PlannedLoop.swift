import Foundation

/// A loop of about a given distance from a start, along the ways: the start and two turning
/// points a third of the way round an equilateral triangle, pointed by the variant (each
/// variant turns the triangle by the golden angle, 137.5°, so successive ones head off in
/// well-spread directions), its size corrected from what the ways made of the last try.
/// docs/ALGORITHMS.md, "A loop of about N km".
public struct PlannedLoop: Sendable, Hashable {
    /// The start, the two turning points, and the start again.
    public var waypoints: [Coordinate]
    /// Start to first turn, to second turn, back to the start.
    public var legs: [PlannedLeg]

    /// Metres round.
    public var distance: Double { legs.reduce(0) { $0 + $1.distance } }

    /// How close to the asked distance a loop must come to be taken without more tries: 5 %.
    public static let tolerance = 0.05
    /// Tries at most, each resized or turned: 8.
    static let attempts = 8
    /// The ways' detour over the straight line, assumed for the first try.
    static let detour = 1.3

    /// A loop of about `distance` metres from `start` for `mode`, the `variant`-th.
    /// - Throws: `RoutingProblem` from the router when the start is off the map, or
    ///   `.noWay` when no try joined up (a start on an island too small for the loop).
    public init(from start: Coordinate, distance: Double, mode: TravelMode, variant: Int, router: Router) throws(RoutingProblem) {
        let origin = try router.leg(from: start, to: start, mode: mode, snap: true).points[0]
        var side = distance / (3 * Self.detour)
        var bearing = Double(variant % 360) * 137.508
        var best: PlannedLoop?
        for _ in 0..<Self.attempts {
            let turns = [Self.destination(from: origin, meters: side, bearing: bearing),
                         Self.destination(from: origin, meters: side, bearing: bearing + 60)]
            guard let loop = try? Self.loop(through: [origin] + turns + [origin], mode: mode, router: router), loop.distance > 0 else {
                bearing += 45   // a turning point in the water or on an island: point elsewhere
                continue
            }
            if abs(loop.distance - distance) < abs((best?.distance ?? .infinity) - distance) { best = loop }
            if abs(loop.distance - distance) <= Self.tolerance * distance { break }
            side *= distance / loop.distance
        }
        guard let best else { throw .noWay }
        self = best
    }

    /// The loop through `waypoints`, each one's leg snapped.
    private static func loop(through waypoints: [Coordinate], mode: TravelMode, router: Router) throws(RoutingProblem) -> PlannedLoop {
        var legs: [PlannedLeg] = []
        var points = [waypoints[0]]
        for index in waypoints.indices.dropFirst() {
            let leg = try router.leg(from: points[points.count - 1], to: waypoints[index], mode: mode, snap: true)
            legs.append(leg)
            points.append(leg.points[leg.points.count - 1])
        }
        return PlannedLoop(waypoints: points, legs: legs)
    }

    private init(waypoints: [Coordinate], legs: [PlannedLeg]) {
        self.waypoints = waypoints
        self.legs = legs
    }

    /// The point `meters` from `origin` on `bearing` degrees (a flat Earth is near enough for a turning point).
    public static func destination(from origin: Coordinate, meters: Double, bearing: Double) -> Coordinate {
        let radians = bearing * .pi / 180
        let north = meters * cos(radians), east = meters * sin(radians)
        return Coordinate(latitude: origin.latitude + north / 111_132,
                          longitude: origin.longitude + east / (111_320 * cos(origin.latitude * .pi / 180)))
    }
}
