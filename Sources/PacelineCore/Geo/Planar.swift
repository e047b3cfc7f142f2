/// Distances on a flat plane (view-box units, pixels), for code that works on projected
/// points rather than on the ground (`Geodesy`).
enum Planar {
    /// The squared distance from `p` to the segment `a`–`b` (to `a` when the two coincide).
    static func squaredDistance(_ p: (x: Double, y: Double), fromSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
        t = min(1, max(0, t))
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return ex * ex + ey * ey
    }
}
