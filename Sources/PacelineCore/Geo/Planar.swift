/// Distances on a flat plane (view-box units, pixels, `LocalPlane` metres), for code that
/// works on projected points rather than on the ground (`Geodesy`).
enum Planar {
    /// Where `p` falls beside the segment `a`–`b`: its distance from the closest place
    /// on it and how far along it that place is (0 at `a`, 1 at `b`; `a` when they coincide).
    @inline(__always)
    static func projection(of p: (x: Double, y: Double), ontoSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double))
        -> (distance: Double, fraction: Double)
    {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length)) : 0
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return ((ex * ex + ey * ey).squareRoot(), t)
    }
}
