import Foundation
import PacelineCore
import PacelineSynthetic
import PacelineTestSupport
import Testing

@Suite("Proximity grid")
struct ProximityGridTests {
    static let origin = Coordinate(latitude: 51.5, longitude: -0.12)

    /// The coordinate `east` and `north` metres from `origin` (tangent plane, exact enough at 1 km).
    static func at(east: Double, north: Double, from origin: Coordinate = origin) -> Coordinate {
        let metresPerDegreeLatitude = 111_254.0  // at 51.5°
        let metresPerDegreeLongitude = 69_457.0
        return Coordinate(latitude: origin.latitude + north / metresPerDegreeLatitude,
                          longitude: origin.longitude + east / metresPerDegreeLongitude)
    }

    static func segment(_ coordinates: [Coordinate], start: Double = 1_000_000, every seconds: Double = 10) -> FilteredSegment {
        var segment = FilteredSegment()
        for (index, coordinate) in coordinates.enumerated() {
            segment.append(coordinate, time: Date(timeIntervalSince1970: start + Double(index) * seconds), elevation: nil)
        }
        return segment
    }

    @Test("a plaque between two fixes 200 m apart is passed at 20 m, at the time of the closest place")
    func betweenFixes() throws {
        let path = [Self.at(east: 0, north: 0), Self.at(east: 200, north: 0)]
        let plaques = [Self.at(east: 100, north: 20), Self.at(east: 100, north: -40), Self.at(east: 225, north: 0), Self.at(east: 60, north: 29)]
        let grid = ProximityGrid(points: plaques, radius: 30)
        let passes = grid.passes(along: [Self.segment(path)])
        #expect(passes.map(\.index) == [3, 0, 2])  // in the order walked past; the one 40 m away is not
        let near = try #require(passes.first { $0.index == 0 })
        #expect(abs(near.distance - 20) < 0.1)
        let seconds = try #require(near.time).timeIntervalSince1970 - 1_000_000
        #expect(abs(seconds - 5) < 0.05)  // halfway between the fixes, 10 s apart
        let beyond = try #require(passes.first { $0.index == 2 })
        #expect(abs(beyond.distance - 25) < 0.1)
    }

    @Test("the distance to a step: perpendicular foot, clamped to the ends, a step of no length")
    func distanceToStep() {
        let a = Self.at(east: 0, north: 0), b = Self.at(east: 100, north: 0)
        let foot = Geodesy.projection(of: Self.at(east: 30, north: 10), ontoStepFrom: a, to: b)
        #expect(abs(foot.meters - 10) < 0.05 && abs(foot.fraction - 0.3) < 0.001)
        let before = Geodesy.projection(of: Self.at(east: -30, north: 40), ontoStepFrom: a, to: b)
        #expect(abs(before.meters - 50) < 0.05 && before.fraction == 0)
        let still = Geodesy.projection(of: Self.at(east: 3, north: 4), ontoStepFrom: a, to: a)
        #expect(abs(still.meters - 5) < 0.01)
    }

    @Test("the grid finds exactly what comparing every step with every plaque finds", arguments: [51.5, 0.0, 70.0, -33.9])
    func matchesBruteForce(latitude: Double) {
        var random = SeededRandom(seed: 42)
        let origin = Coordinate(latitude: latitude, longitude: 179.99)  // a walk across the antimeridian too
        func shifted(_ c: Coordinate, east: Double, north: Double) -> Coordinate {
            let offset = Geodesy.offset(from: origin, to: Coordinate(latitude: origin.latitude + 0.001, longitude: origin.longitude + 0.001))
            var longitude = c.longitude + east / offset.east * 0.001
            if longitude > 180 { longitude -= 360 }
            return Coordinate(latitude: c.latitude + north / offset.north * 0.001, longitude: longitude)
        }
        var path: [Coordinate] = [shifted(origin, east: -1500, north: 0)]
        for _ in 0..<300 {  // steps of 0 to 60 m, sometimes long gaps
            path.append(shifted(path[path.count - 1], east: Double.random(in: 0..<1, using: &random) * 20, north: (Double.random(in: 0..<1, using: &random) - 0.5) * 40))
        }
        let plaques = (0..<2000).map { _ in shifted(origin, east: (Double.random(in: 0..<1, using: &random) - 0.5) * 8000, north: (Double.random(in: 0..<1, using: &random) - 0.5) * 3000) }
        let grid = ProximityGrid(points: plaques, radius: 30)
        let found = Set(grid.passes(along: [Self.segment(path)]).map(\.index))
        var expected = Set<Int>()
        for (index, plaque) in plaques.enumerated() {
            for (a, b) in zip(path, path.dropFirst()) where Geodesy.projection(of: plaque, ontoStepFrom: a, to: b).meters <= 30 {
                expected.insert(index)
            }
        }
        #expect(!expected.isEmpty)
        #expect(found == expected)
    }

    @Test("a plaque passed over several steps takes the time of the closest approach on its first pass")
    func closestOnFirstPass() throws {
        let path = (0...10).map { Self.at(east: Double($0) * 14, north: 0) }  // every 10 s
        let grid = ProximityGrid(points: [Self.at(east: 101, north: 15)])
        let pass = try #require(grid.passes(along: [Self.segment(path)]).first)
        let seconds = try #require(pass.time).timeIntervalSince1970 - 1_000_000
        #expect(abs(seconds - 72.14) < 0.01 && abs(pass.distance - 15) < 0.01)
    }

    @Test("a segment break is not a path: nothing is passed in the gap")
    func segmentBreak() {
        let first = Self.segment([Self.at(east: 0, north: 0), Self.at(east: 50, north: 0)])
        let second = Self.segment([Self.at(east: 500, north: 0), Self.at(east: 550, north: 0)], start: 2_000_000)
        let grid = ProximityGrid(points: [Self.at(east: 250, north: 0), Self.at(east: 540, north: 5)])
        #expect(grid.passes(along: [first, second]).map(\.index) == [1])
    }
}

