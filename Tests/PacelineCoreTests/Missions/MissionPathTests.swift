import Foundation
import Testing
@testable import PacelineCore

@Suite struct MissionPathTests {
    let path = MissionFixtures.line(from: Coordinate(latitude: 55.9, longitude: -4.2), metres: 10_000, points: 41)

    @Test func thePointAtADistanceIsInterpolatedAlongTheLine() {
        #expect(abs(path.length - 10_000) < 0.01)
        let start = path.coordinates[0]
        for metres in [0.0, 1.0, 249.9, 250.0, 3_333.3, 9_999.0] {
            let along = Geodesy.distance(start, path.coordinate(at: metres))
            #expect(abs(along - metres) < 0.01, "\(metres)")
        }
        #expect(path.coordinate(at: -5) == start)
        #expect(path.coordinate(at: 20_000) == path.coordinates[40])
    }

    @Test func aPointSnapsToTheNearestPlaceAtOrPastTheMinimum() {
        // 100 m east of the line, 4 km along.
        let onLine = path.coordinate(at: 4_000)
        let east = Coordinate(latitude: onLine.latitude, longitude: onLine.longitude + 100 / (111_320 * cos(onLine.latitude * .pi / 180)))
        let snapped = path.nearest(to: east)
        #expect(abs(snapped.along - 4_000) < 1)
        #expect(abs(snapped.offset - 100) < 1)
        // Looking only past 6 km, the nearest is 6 km along, 2 km away.
        let later = path.nearest(to: east, from: 6_000)
        #expect(abs(later.along - 6_000) < 0.01)
        #expect(abs(later.offset - 2_002.5) < 1)
    }

    @Test func simplifyingAStraightLineKeepsItsEnds() {
        #expect(path.simplified(tolerance: 5) == [path.coordinates[0], path.coordinates[40]])
    }
}
