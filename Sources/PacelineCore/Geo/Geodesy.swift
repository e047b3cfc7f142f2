import Foundation

/// Distances on the WGS-84 ellipsoid.
///
/// Consecutive fixes are metres apart, so `distance(_:_:)` uses the ellipsoid's local
/// radii of curvature at the mid-latitude (meridional M and prime-vertical N): the
/// chord in that tangent plane differs from the true geodesic by less than 1 part in
/// 10⁶ up to 10 km (the error grows as (d/R)²). Beyond 10 km it uses Vincenty's inverse
/// formula (0.5 mm accuracy), and haversine on the mean radius only for the
/// near-antipodal pairs where Vincenty does not converge.
public enum Geodesy {
    /// WGS-84 semi-major axis, metres.
    public static let equatorialRadius = 6_378_137.0
    /// WGS-84 flattening.
    public static let flattening = 1 / 298.257_223_563
    /// Mean Earth radius (IUGG), metres.
    public static let meanRadius = 6_371_008.8
    private static let eccentricitySquared = flattening * (2 - flattening)
    private static let polarRadius = equatorialRadius * (1 - flattening)
    private static let radians = Double.pi / 180

    /// The geodesic distance in metres between two coordinates.
    ///
    /// ```swift
    /// Geodesy.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1))  // 111319.49
    /// ```
    /// - Complexity: O(1); one sine and cosine for nearby points.
    @inline(__always)
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dLatitude = (b.latitude - a.latitude) * radians
        var dLongitude = (b.longitude - a.longitude) * radians
        if dLongitude > .pi { dLongitude -= 2 * .pi } else if dLongitude < -.pi { dLongitude += 2 * .pi }
        if abs(dLatitude) < 0.09 && abs(dLongitude) < 0.09 {  // within about 10 km even at the equator
            let (east, north) = localOffset(from: a, dLatitude: dLatitude, dLongitude: dLongitude)
            let planar = (east * east + north * north).squareRoot()
            if planar < 10_000 { return planar }
        }
        return vincenty(a, b) ?? haversine(a, b)
    }

    /// Metres east and north from `a` to `b` in the tangent plane at their mid-latitude:
    /// accurate to 1 part in 10⁶ within 10 km, for projecting a fix onto a path nearby.
    ///
    /// ```swift
    /// Geodesy.offset(from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 0.001))  // (111.32, 0)
    /// ```
    @inline(__always)
    public static func offset(from a: Coordinate, to b: Coordinate) -> (east: Double, north: Double) {
        var dLongitude = (b.longitude - a.longitude) * radians
        if dLongitude > .pi { dLongitude -= 2 * .pi } else if dLongitude < -.pi { dLongitude += 2 * .pi }
        return localOffset(from: a, dLatitude: (b.latitude - a.latitude) * radians, dLongitude: dLongitude)
    }

    /// An upper bound of `distance(a, b)` that needs no trigonometry: the steps along
    /// the meridian and along the parallel, each at more than the ellipsoid's largest
    /// radius of curvature (a/√(1−e²) ≈ 6 399 594 m, at the poles). Between nearby fixes
    /// it is at most about twice the distance, so it settles most "faster than…?"
    /// questions without computing the distance itself.
    /// - Complexity: O(1); no sine, cosine or square root.
    @inline(__always)
    public static func distanceUpperBound(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dLatitude = abs(b.latitude - a.latitude) * radians
        var dLongitude = abs(b.longitude - a.longitude) * radians
        if dLongitude > .pi { dLongitude = 2 * .pi - dLongitude }
        return (dLatitude + dLongitude) * 6_500_000
    }

    /// A lower bound of `distance(a, b)` that needs no trigonometry: the step along the
    /// meridian at less than the ellipsoid's smallest radius of curvature (a(1−e²) ≈
    /// 6 335 439 m, at the equator). Any path between the points covers at least that.
    /// - Complexity: O(1); one subtraction and one multiplication.
    @inline(__always)
    public static func distanceLowerBound(_ a: Coordinate, _ b: Coordinate) -> Double {
        abs(b.latitude - a.latitude) * radians * 6_300_000
    }

    @inline(__always)
    private static func localOffset(from a: Coordinate, dLatitude: Double, dLongitude: Double) -> (east: Double, north: Double) {
        let midLatitude = a.latitude * radians + dLatitude / 2
        let sine = sin(midLatitude)
        let w2 = 1 - eccentricitySquared * sine * sine
        let w = w2.squareRoot()
        let primeVertical = equatorialRadius / w                                 // N
        let meridional = equatorialRadius * (1 - eccentricitySquared) / (w2 * w)  // M
        return (dLongitude * primeVertical * cos(midLatitude), dLatitude * meridional)
    }

    /// The length of the line through `points` in order: `distance(_:_:)` point to point.
    /// - Complexity: O(n).
    public static func length(of points: [Coordinate]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    /// Great-circle distance on a sphere of the mean radius (error up to 0.5 %).
    public static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let phi1 = a.latitude * radians, phi2 = b.latitude * radians
        let dPhi = phi2 - phi1, dLambda = (b.longitude - a.longitude) * radians
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * meanRadius * asin(min(1, h.squareRoot()))
    }

    /// Vincenty's inverse solution on WGS-84; nil when it fails to converge (near-antipodal points).
    public static func vincenty(_ a: Coordinate, _ b: Coordinate) -> Double? {
        let f = flattening
        let l = (b.longitude - a.longitude) * radians
        let u1 = atan((1 - f) * tan(a.latitude * radians))
        let u2 = atan((1 - f) * tan(b.latitude * radians))
        let sinU1 = sin(u1), cosU1 = cos(u1), sinU2 = sin(u2), cosU2 = cos(u2)
        var lambda = l
        for _ in 0..<200 {
            let sinLambda = sin(lambda), cosLambda = cos(lambda)
            let sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda)
                + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)).squareRoot()
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cos2Alpha = 1 - sinAlpha * sinAlpha
            let cos2SigmaM = cos2Alpha == 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cos2Alpha
            let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let previous = lambda
            lambda = l + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let uSquared = cos2Alpha * (equatorialRadius * equatorialRadius - polarRadius * polarRadius) / (polarRadius * polarRadius)
                let bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
                let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
                let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return polarRadius * bigA * (sigma - deltaSigma)
            }
        }
        return nil
    }
}
