/// A flat map of the ground around `origin`: metres east (`x`) and north (`y`) by the
/// ellipsoid's scale there (`Geodesy.offset`), so code that measures many short steps in
/// one area (segment matching) pays one cosine, not one per step. Away from the origin the
/// east scale drifts with the cosine of the latitude: about 0.6 % 20 km north or south at
/// 55° N, 3 % at 100 km; a few centimetres, at most half a metre, on the tens of metres
/// such code compares. Package-wide, for the tests that measure tracks on the ground.
package struct LocalPlane: Sendable {
    private let origin: Coordinate
    private let metresPerDegreeEast: Double
    private let metresPerDegreeNorth: Double

    package init(origin: Coordinate) {
        self.origin = origin
        let step = 0.001
        metresPerDegreeEast = Geodesy.offset(from: origin, to: Coordinate(latitude: origin.latitude, longitude: origin.longitude + step)).east / step
        metresPerDegreeNorth = Geodesy.offset(from: origin, to: Coordinate(latitude: origin.latitude + step, longitude: origin.longitude)).north / step
    }

    /// Where `coordinate` lies on the plane, metres from the origin.
    @inline(__always)
    package func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        var east = coordinate.longitude - origin.longitude
        if east > 180 { east -= 360 } else if east < -180 { east += 360 }
        return (east * metresPerDegreeEast, (coordinate.latitude - origin.latitude) * metresPerDegreeNorth)
    }

    /// The coordinate at `x` metres east and `y` north of the origin: the inverse of `point`.
    package func coordinate(x: Double, y: Double) -> Coordinate {
        var longitude = origin.longitude + x / metresPerDegreeEast
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return Coordinate(latitude: min(90, max(-90, origin.latitude + y / metresPerDegreeNorth)), longitude: longitude)
    }
}
