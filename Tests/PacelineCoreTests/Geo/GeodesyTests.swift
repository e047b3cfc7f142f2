import PacelineSynthetic
import PacelineTestSupport
import Testing
@testable import PacelineCore

@Suite struct GeodesyTests {
    @Test func vincentyMatchesThePublishedExample() throws {
        // Flinders Peak to Buninyong (Vincenty 1975, Geoscience Australia): 54 972.271 m.
        let flinders = Coordinate(latitude: -(37 + 57 / 60.0 + 3.72030 / 3600), longitude: 144 + 25 / 60.0 + 29.52440 / 3600)
        let buninyong = Coordinate(latitude: -(37 + 39 / 60.0 + 10.15610 / 3600), longitude: 143 + 55 / 60.0 + 35.38390 / 3600)
        let d = try #require(Geodesy.vincenty(flinders, buninyong))
        #expect(abs(d - 54_972.271) < 0.01)
        #expect(abs(Geodesy.distance(flinders, buninyong) - 54_972.271) < 0.01)
    }

    @Test(arguments: [0.0, 45.0, 60.0, 80.0])
    func shortDistancesAgreeWithVincentyToOnePartPerMillion(latitude: Double) throws {
        let a = Coordinate(latitude: latitude, longitude: 10)
        for (dLat, dLon) in [(0.0001, 0.0), (0.0, 0.0001), (0.003, 0.004), (0.05, -0.07)] {
            let b = Coordinate(latitude: latitude + dLat, longitude: 10 + dLon)
            let exact = try #require(Geodesy.vincenty(a, b))
            #expect(abs(Geodesy.distance(a, b) - exact) <= exact * 1e-6 + 1e-6)
        }
    }

    /// The analysis skips the exact distance when a bound settles a comparison, which
    /// is only right if the bounds never cross the distance.
    @Test func boundsNeverCrossTheDistance() {
        var random = SeededRandom(seed: 7)
        for scale in [1e-6, 1e-4, 1e-2, 1.0, 100.0] {
            for _ in 0..<2_000 {
                let a = Coordinate(latitude: Double.random(in: -89.9...89.9, using: &random), longitude: Double.random(in: -180...180, using: &random))
                let b = Coordinate(latitude: min(90, max(-90, a.latitude + Double.random(in: -scale...scale, using: &random))),
                                   longitude: (a.longitude + Double.random(in: -scale...scale, using: &random) + 540).truncatingRemainder(dividingBy: 360) - 180)
                let distance = Geodesy.distance(a, b), bound = Geodesy.distanceUpperBound(a, b)
                #expect(bound >= distance, "\(a) \(b)")
                #expect(Geodesy.distanceLowerBound(a, b) <= distance, "\(a) \(b)")
                if scale <= 1e-4 && abs(a.latitude) < 60 { #expect(bound <= 3 * distance + 1e-9, "\(a) \(b)") }
            }
        }
    }

    @Test func antimeridianIsCrossedTheShortWay() {
        let a = Coordinate(latitude: 0, longitude: 179.9999)
        let b = Coordinate(latitude: 0, longitude: -179.9999)
        #expect(abs(Geodesy.distance(a, b) - 22.26) < 0.01)
    }

    @Test func nearAntipodalPointsFallBackToHaversine() {
        let d = Geodesy.distance(Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0.5, longitude: 179.7))
        #expect(d > 19_900_000 && d < 20_050_000)
    }
}
