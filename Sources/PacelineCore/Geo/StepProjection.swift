import Foundation

extension Geodesy {
    /// Where `point` falls beside the step from `a` to `b`: how far along it the closest
    /// place is (`fraction`, 0 at `a`, 1 at `b`) and how far `point` is from that place
    /// (`meters`), in the tangent plane at `a` (`offset`; steps are metres to a few
    /// kilometres long).
    ///
    /// ```swift
    /// let a = Coordinate(latitude: 0, longitude: 0), b = Coordinate(latitude: 0, longitude: 0.001)
    /// Geodesy.projection(of: Coordinate(latitude: 0.0001, longitude: 0.0005), ontoStepFrom: a, to: b)
    /// // (meters: 11.06, fraction: 0.5)
    /// ```
    /// A step of zero length projects everything onto `a`.
    /// - Complexity: O(1).
    @inline(__always)
    public static func projection(of point: Coordinate, ontoStepFrom a: Coordinate, to b: Coordinate) -> (meters: Double, fraction: Double) {
        let step = offset(from: a, to: b)
        let target = offset(from: a, to: point)
        let squared = step.east * step.east + step.north * step.north
        let fraction = squared > 0 ? min(1, max(0, (target.east * step.east + target.north * step.north) / squared)) : 0
        let east = target.east - fraction * step.east, north = target.north - fraction * step.north
        return ((east * east + north * north).squareRoot(), fraction)
    }
}
