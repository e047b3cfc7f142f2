import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// A GPX file read in pieces on several cores gives what reading it whole gives, or is
/// read whole when a piece can't be trusted.
@Suite struct GPXPiecesTests {
    /// The whole file, as `GPXReader` reads it in one pass.
    static func whole(_ url: URL) throws -> [Activity] {
        try GPXReader.readAll(ByteStream(contentsOf: url))
    }

    static func size(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    }

    /// Every field a reader sets, compared.
    static func expectSame(_ pieces: [Activity], _ whole: [Activity], _ comment: Comment? = nil) {
        #expect(pieces.count == whole.count, comment)
        for (a, b) in zip(pieces, whole) {
            #expect(a.format == b.format && a.name == b.name && a.sport == b.sport, comment)
            #expect(a.track == b.track, comment)
            #expect(a.routes == b.routes && a.waypoints == b.waypoints, comment)
        }
    }

    /// Each corpus file, cut near a half, near thirds and near seventh parts: the same
    /// activities, fix for fix, as reading it whole. Most of the corpus's recordings do
    /// get cut (the cut is not always refused).
    @Test func corpusFilesCutAnywhereReadAsWhole() throws {
        var cutFiles = 0
        let files = Fixtures.files(in: "gpx", withExtension: "gpx")
        for url in files {
            let size = try Self.size(url)
            let whole = try Self.whole(url)
            for parts in [2, 3, 7] {
                let offsets = (1..<parts).map { size * $0 / parts }
                guard let pieces = GPXPieces.readAll(contentsOf: url, cutsNear: offsets, size: size) else { continue }
                if parts == 2 { cutFiles += 1 }
                Self.expectSame(pieces, whole, "\(url.lastPathComponent) in \(parts) parts")
            }
        }
        #expect(cutFiles >= files.count / 2, "only \(cutFiles) of \(files.count) corpus files were read in pieces")
    }

    /// A recording paused three times, cut at every 5 % of it: each cut joins the segments
    /// and times as they were.
    @Test func pausedRecordingCutEverywhere() throws {
        let url = try Self.write(Self.gpx(points: 4_000, pausesEvery: 1_000))
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try Self.size(url)
        let whole = try Self.whole(url)
        #expect(whole[0].track.segments.count == 4)
        for percent in stride(from: 5, to: 100, by: 5) {
            let pieces = try #require(GPXPieces.readAll(contentsOf: url, cutsNear: [size * percent / 100], size: size))
            Self.expectSame(pieces, whole, "cut at \(percent) %")
        }
        let many = try #require(GPXPieces.readAll(contentsOf: url, cutsNear: stride(from: 1_000, to: size, by: 9_973).map { $0 }, size: size))
        Self.expectSame(many, whole, "cut every 9,973 bytes")
    }

    /// Tracks days apart stay apart, names stay with their tracks, when the cut falls in
    /// the second track.
    @Test func tracksDaysApartCutInTheSecond() throws {
        let url = try Self.write(Self.gpx(points: 1_000, secondTrackAfter: 400))
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try Self.size(url)
        let whole = try Self.whole(url)
        #expect(whole.map(\.name) == ["Day 1", "Day 2"])
        let pieces = try #require(GPXPieces.readAll(contentsOf: url, cutsNear: [size * 3 / 4], size: size))
        Self.expectSame(pieces, whole)
    }

    /// `<trkpt` in a comment where the cut falls, or a segment outside any track: the piece
    /// can't be trusted, so the file is read whole.
    @Test func doubtfulCutsAreReadWhole() throws {
        var commented = Self.gpx(points: 400)
        let middle = commented.index(commented.startIndex, offsetBy: commented.utf8.count / 2)
        let line = commented[middle...].firstIndex(of: "\n")!
        commented.insert(contentsOf: "<!-- <trkpt lat=\"1\" lon=\"1\"> -->", at: commented.index(after: line))
        let loose = Self.gpx(points: 400).replacingOccurrences(of: "<trk><name>Day 1</name>", with: "").replacingOccurrences(of: "</trk>", with: "")
        for text in [commented, loose] {
            let url = try Self.write(text)
            defer { try? FileManager.default.removeItem(at: url) }
            let size = try Self.size(url)
            let comment = text.range(of: "<!--").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
            let cut = comment ?? size / 2
            #expect(GPXPieces.readAll(contentsOf: url, cutsNear: [cut], size: size) == nil)
            Self.expectSame(try ActivityReader.readAll(contentsOf: url), try ActivityReader.readAll(Data(contentsOf: url)))
        }
    }

    /// A segment, track or route opened or closed out of place after the cut (inside a
    /// point, or a segment in a segment): read whole, such a tag empties or closes what
    /// the first piece holds, so the file is read whole, with whole-file results.
    @Test(arguments: zip([
        "<trkseg/>",
        "<trk/>",
        #"<trkpt lat="1" lon="1"><trk><trkpt lat="1" lon="1"></trkpt></trk></trkpt>"#,
        #"<trkpt lat="1" lon="1"><rte><trkpt lat="1" lon="1"></trkpt></rte></trkpt>"#,
    ], [false, false, false, true]))
    func tagsOutOfPlaceAfterTheCutAreReadWhole(_ snippet: String, routeBefore: Bool) throws {
        var text = Self.gpx(points: 400)
        if routeBefore {
            text = text.replacingOccurrences(of: "<trk><name>Day 1</name>", with: #"<rte><rtept lat="2" lon="2"/></rte><trk><name>Day 1</name>"#)
        }
        let points = text.ranges(of: "<trkpt ")
        let cut = text.utf8.distance(from: text.startIndex, to: points[250].lowerBound)
        text.insert(contentsOf: snippet, at: points[300].lowerBound)
        let url = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try Self.size(url)
        #expect(GPXPieces.readAll(contentsOf: url, cutsNear: [cut], size: size) == nil)
        Self.expectSame(try ActivityReader.readAll(contentsOf: url), try ActivityReader.readAll(Data(contentsOf: url)))
    }

    /// A bad value after the cut: the file is read whole, and the error names its line.
    @Test func brokenLaterPieceGivesTheWholeFilesError() throws {
        var text = Self.gpx(points: 400)
        text.replaceSubrange(try #require(text.range(of: "<ele>301.0</ele>", options: .backwards)), with: "<ele>high</ele>")
        let url = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let size = try Self.size(url)
        #expect(GPXPieces.readAll(contentsOf: url, cutsNear: [size / 10], size: size) == nil)
        let whole = #expect(throws: ActivityFileError.self) { try GPXReader.readAll(ByteStream(contentsOf: url)) }
        let read = #expect(throws: ActivityFileError.self) { try ActivityReader.readAll(contentsOf: url) }
        #expect(read?.description == whole?.description)
        #expect(read?.description.contains("line ") == true)
    }

    // MARK: - Files

    static func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString).gpx")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A 1 Hz recording with heart rate; a new segment 5 minutes on every `pausesEvery`
    /// points; a second track two days on from point `secondTrackAfter`.
    static func gpx(points: Int, pausesEvery: Int = .max, secondTrackAfter: Int = .max) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <wpt lat="46.0" lon="14.5"><name>Start</name></wpt>
            <trk><name>Day 1</name><trkseg>

            """
        var time = Date(timeIntervalSince1970: 1_777_622_400)
        for index in 0..<points {
            if index > 0 && index % pausesEvery == 0 {
                out += "</trkseg><trkseg>\n"
                time += 300
            }
            if index == secondTrackAfter {
                out += "</trkseg></trk>\n<trk><name>Day 2</name><type>hiking</type><trkseg>\n"
                time += 2 * 86_400
            }
            let latitude = 46.05 + 0.0001 * Double(index)
            out += "<trkpt lat=\"\(latitude)\" lon=\"14.5\"><ele>\(300 + index % 3).0</ele>"
                + "<time>\(time.ISO8601Format())</time>"
                + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(140 + index % 20)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>\n"
            time += 1
        }
        return out + "</trkseg></trk>\n</gpx>\n"
    }
}
