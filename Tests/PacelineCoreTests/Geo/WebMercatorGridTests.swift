import PacelineSynthetic
import PacelineTestSupport
import Testing
@testable import PacelineCore

@Suite struct WebMercatorGridTests {
    @Test func cellsAreNumberedAsMapTiles() {
        // OpenStreetMap's tile 10/511/340 holds central London; 0/0/0 is the world.
        #expect(WebMercatorGrid.cell(of: Coordinate(latitude: 51.5, longitude: -0.12), at: 10) == .init(level: 10, x: 511, y: 340))
        #expect(WebMercatorGrid.cell(of: Coordinate(latitude: -33.9, longitude: 151.2), at: 0) == .init(level: 0, x: 0, y: 0))
        // Sydney is south of the equator and east of Greenwich: the bottom-right quarter.
        #expect(WebMercatorGrid.cell(of: Coordinate(latitude: -33.9, longitude: 151.2), at: 1) == .init(level: 1, x: 1, y: 1))
    }

    @Test func edgesAndPolesFallInTheOuterCells() {
        let last = (1 << 18) - 1
        #expect(WebMercatorGrid.cell(of: Coordinate(latitude: 90, longitude: 180), at: 18) == .init(level: 18, x: last, y: 0))
        #expect(WebMercatorGrid.cell(of: Coordinate(latitude: -90, longitude: -180), at: 18) == .init(level: 18, x: 0, y: last))
        #expect(WebMercatorGrid.cell(of: Coordinate(latitude: 86, longitude: 0), at: 3).y == 0)
    }

    @Test func coarserCellsAreAncestorsAndBoundsHoldThePosition() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<5_000 {
            let position = Coordinate(latitude: .random(in: -85...85, using: &random), longitude: .random(in: -180..<180, using: &random))
            let finest = WebMercatorGrid.cell(of: position, at: WebMercatorGrid.finestLevel)
            for level in 0...WebMercatorGrid.finestLevel {
                let cell = WebMercatorGrid.cell(of: position, at: level)
                #expect(cell == finest.ancestor(at: level))
                let bounds = cell.bounds
                #expect(bounds.south - 1e-9 <= position.latitude && position.latitude <= bounds.north + 1e-9)
                #expect(bounds.west - 1e-9 <= position.longitude && position.longitude <= bounds.east + 1e-9)
            }
        }
    }

    @Test func fractionsOfTheSquareAndCoordinatesAreInverse() {
        #expect(WebMercatorGrid.fraction(of: Coordinate(latitude: 0, longitude: 0)) == (0.5, 0.5))
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        let fraction = WebMercatorGrid.fraction(of: paris)
        let back = WebMercatorGrid.coordinate(atFraction: fraction.x, fraction.y)
        #expect(abs(back.latitude - paris.latitude) < 1e-9 && abs(back.longitude - paris.longitude) < 1e-9)
        #expect(abs(WebMercatorGrid.coordinate(atFraction: 0, 0).latitude - WebMercatorGrid.maximumLatitude) < 1e-9)
    }

    @Test func boundsTileTheWorld() {
        let world = WebMercatorGrid.Cell(level: 0, x: 0, y: 0).bounds
        #expect(world.west == -180 && world.east == 180)
        #expect(abs(world.north - WebMercatorGrid.maximumLatitude) < 1e-9 && abs(world.south + WebMercatorGrid.maximumLatitude) < 1e-9)
        // Neighbours share their edges.
        let cell = WebMercatorGrid.Cell(level: 7, x: 40, y: 50)
        #expect(cell.bounds.east == WebMercatorGrid.Cell(level: 7, x: 41, y: 50).bounds.west)
        #expect(cell.bounds.south == WebMercatorGrid.Cell(level: 7, x: 40, y: 51).bounds.north)
    }

    @Test func aBoxIsCoveredByTheCellsOfItsCorners() {
        let box = BoundingBox(south: 55.85, west: -4.30, north: 55.88, east: -4.20)
        let range = WebMercatorGrid.cells(covering: box, at: 14)
        for corner in [(box.south, box.west), (box.south, box.east), (box.north, box.west), (box.north, box.east)] {
            #expect(range.contains(WebMercatorGrid.cell(of: Coordinate(latitude: corner.0, longitude: corner.1), at: 14)))
        }
        #expect(range.x == 7996...8000 && range.y == 5111...5114 && range.count == 20)
        let whole = WebMercatorGrid.cells(covering: BoundingBox(south: -90, west: -180, north: 90, east: 180), at: 3)
        #expect(whole.x == 0...7 && whole.y == 0...7)
    }

    @Test func aViewportAcrossTheAntimeridianIsTwoBoxes() {
        #expect(BoundingBox.viewport(west: -10, south: 0, east: 10, north: 5) == [BoundingBox(south: 0, west: -10, north: 5, east: 10)])
        #expect(BoundingBox.viewport(west: 170, south: -20, east: -170, north: -10)
            == [BoundingBox(south: -20, west: 170, north: -10, east: 180), BoundingBox(south: -20, west: -180, north: -10, east: -170)])
        #expect(BoundingBox(south: 0, west: 0, north: 1, east: 1).contains(Coordinate(latitude: 1, longitude: 0)))
        #expect(!BoundingBox(south: 0, west: 0, north: 1, east: 1).contains(Coordinate(latitude: 0.5, longitude: 1.01)))
    }

    @Test func levelsAreTwoFinerThanTheZoomUpToTheFinest() {
        #expect(WebMercatorGrid.level(forZoom: 0) == 2)
        #expect(WebMercatorGrid.level(forZoom: 10) == 12)
        #expect(WebMercatorGrid.level(forZoom: 16) == 18)
        #expect(WebMercatorGrid.level(forZoom: 22) == 18)
    }
}
