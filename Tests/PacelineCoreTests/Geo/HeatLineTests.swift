import Foundation
@testable import PacelineCore
import PacelineTestSupport
import Testing

/// The heat map's lines: Google's polyline encoding as its documentation writes it, and a
/// long track thinned and simplified to within the tolerance.
@Suite("Heat lines")
struct HeatLineTests {
    @Test("Google's example encodes as its documentation says, and decodes back")
    func googleExample() throws {
        let points = [Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                      Coordinate(latitude: 43.252, longitude: -126.453)]
        #expect(HeatLine.encode(points) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let back = try #require(HeatLine.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
        #expect(zip(back, points).allSatisfy { abs($0.latitude - $1.latitude) < 1e-9 && abs($0.longitude - $1.longitude) < 1e-9 })
        #expect(HeatLine.decode("_p~iF~ps|") == nil, "cut in the middle of a pair")
        #expect(HeatLine.decode("abc def") == nil, "a space is not in the alphabet")
    }

    @Test("a straight 10 km is two points; a square's corners stay; every point lies within the tolerance of the line")
    func simplified() throws {
        var straight = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        straight.legs = [(east: 10_000, north: 0)]
        let line = HeatLine.lines(of: straight.build().track)
        #expect(line.count == 1 && HeatLine.decode(line[0])?.count == 2)

        var square = SyntheticTrack(origin: Coordinate(latitude: 55.86, longitude: -4.25))
        square.legs = [(east: 1_000, north: 0), (east: 0, north: 1_000), (east: -1_000, north: 0), (east: 0, north: -1_000)]
        square.horizontalNoise = 3
        let track = square.build().track
        let encoded = try #require(HeatLine.lines(of: track).first)
        let drawn = try #require(HeatLine.decode(encoded))
        #expect(drawn.count >= 5 && drawn.count < 60, "\(drawn.count) points of \(track.fixCount)")
        for fix in track.fixes.compactMap(\.coordinate) {
            let nearest = zip(drawn, drawn.dropFirst()).map { Geodesy.projection(of: fix, ontoStepFrom: $0, to: $1).meters }.min()!
            #expect(nearest < HeatLine.spacing + HeatLine.tolerance + 1, "\(nearest) m off")
        }
    }
}

/// A GPX's long segments make room for the rest of the file once, and read as they are.
@Suite("GPX segments that grow")
struct GPXReserveTests {
    @Test("three segments of 5,000 points each read whole, however the first reserved")
    func manyLongSegments() throws {
        var text = #"<gpx version="1.1"><trk>"#
        for segment in 0..<3 {
            text += "<trkseg>"
            for index in 0..<5_000 { text += #"<trkpt lat="\#(45 + Double(index) * 1e-5)" lon="\#(Double(segment))"/>"# }
            text += "</trkseg>"
        }
        text += "</trk></gpx>"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("segments-\(UUID().uuidString).gpx")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let track = try GPXReader.read(ByteStream(contentsOf: url)).track
        #expect(track.segments.map(\.count) == [5_000, 5_000, 5_000])
        #expect(track.segments[2].last?.coordinate == Coordinate(latitude: 45 + 4_999e-5, longitude: 2))
    }
}
