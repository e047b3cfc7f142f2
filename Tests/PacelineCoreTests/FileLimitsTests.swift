import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// Every reader counts what it reads and stops at the first thing past `FileLimits`
/// (issue 35): a file that claims millions of points, laps, pauses or events is refused
/// with the limit named, having held no more than a real recording.
@Suite("File limits while reading")
struct FileLimitsTests {
    /// The file's bytes, read by the core as an upload's are.
    private static func refusal(_ gzipped: Data, _ format: ActivityFormat) throws -> ActivityFileError {
        let data = try SystemGzip.decompress(gzipped)
        do {
            _ = try ActivityReader.readAll(data, format: format)
        } catch let error as ActivityFileError {
            return error
        }
        Issue.record("the file was read whole")
        return ActivityFileError(.invalidValue, "")
    }

    @Test("FIT: one record more than 500,000, a lap more than 10,000, a pause more than 10,000 segments, an event more than 100,000")
    func fit() throws {
        #expect(try Self.refusal(HostileFiles.fitRecords(500_001), .fit)
            == ActivityFileError(.overLimit, "the file holds more than 500,000 points, the most one file may hold"))
        #expect(try Self.refusal(HostileFiles.fitLaps(10_001), .fit)
            == ActivityFileError(.overLimit, "the file holds more than 10,000 laps, the most one file may hold"))
        #expect(try Self.refusal(HostileFiles.fitStops(10_002), .fit)
            == ActivityFileError(.overLimit, "the file holds more than 10,000 track segments, the most one file may hold"))
        #expect(try Self.refusal(HostileFiles.fitStops(100_001, withRecords: false), .fit)
            == ActivityFileError(.overLimit, "the file holds more than 100,000 events, the most one file may hold"))
        #expect(try Self.refusal(HostileFiles.fitMessages(5_000_001), .fit)
            == ActivityFileError(.overLimit, "the file holds more than 5,000,000 FIT messages, the most one file may hold"))
    }

    @Test("FIT: exactly the limits are read")
    func fitAtTheLimits() throws {
        let records = try ActivityReader.readAll(SystemGzip.decompress(HostileFiles.fitRecords(500_000)), format: .fit)
        #expect(records[0].track.fixCount == 500_000)
        let laps = try ActivityReader.readAll(SystemGzip.decompress(HostileFiles.fitLaps(10_000)), format: .fit)
        #expect(laps[0].laps.count == 10_000)
        let stops = try ActivityReader.readAll(SystemGzip.decompress(HostileFiles.fitStops(10_000)), format: .fit)
        #expect(stops[0].track.segments.count == 10_000)
    }

    @Test("GPX: a point more than 500,000, a segment more than 10,000")
    func gpx() throws {
        #expect(try Self.refusal(HostileFiles.gpxPoints(500_001), .gpx)
            == ActivityFileError(.overLimit, "the file holds more than 500,000 points, the most one file may hold"))
        let segments = String(repeating: #"<trkseg><trkpt lat="46" lon="14"/></trkseg>"#, count: 10_001)
        let gpx = #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>"# + segments + "</trk></gpx>"
        #expect(throws: ActivityFileError(.overLimit, "the file holds more than 10,000 track segments, the most one file may hold")) {
            try ActivityReader.readAll(Data(gpx.utf8), format: .gpx)
        }
        // Route points and waypoints count too.
        let waypoints = String(repeating: #"<wpt lat="46" lon="14"/>"#, count: 500_001)
        #expect(throws: ActivityFileError(.overLimit, "the file holds more than 500,000 points, the most one file may hold")) {
            try ActivityReader.readAll(Data((#"<gpx version="1.1">"# + waypoints + "</gpx>").utf8), format: .gpx)
        }
    }

    @Test("TCX: a trackpoint more than 500,000, a lap more than 10,000")
    func tcx() throws {
        func tcx(_ body: String) -> Data {
            Data((#"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running">"#
                + body + "</Activity></Activities></TrainingCenterDatabase>").utf8)
        }
        let points = String(repeating: "<Trackpoint/>", count: 500_001)
        #expect(throws: ActivityFileError(.overLimit, "the file holds more than 500,000 points, the most one file may hold")) {
            try ActivityReader.readAll(tcx("<Lap><Track>" + points + "</Track></Lap>"), format: .tcx)
        }
        let laps = String(repeating: "<Lap><TotalTimeSeconds>60</TotalTimeSeconds></Lap>", count: 10_001)
        #expect(throws: ActivityFileError(.overLimit, "the file holds more than 10,000 laps, the most one file may hold")) {
            try ActivityReader.readAll(tcx(laps), format: .tcx)
        }
    }

    @Test("XML: elements 101 deep, and a comment, a tag, a text or white space past 1 MiB, are refused")
    func xml() throws {
        let deep = #"<gpx version="1.1">"# + String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100) + "</gpx>"
        #expect(throws: ActivityFileError(.overLimit, "line 1: elements nested more than 100 deep")) {
            try ActivityReader.readAll(Data(deep.utf8), format: .gpx)
        }
        let big = String(repeating: "x", count: (1 << 20) + 1)
        let cases = [
            "a comment": #"<gpx version="1.1"><!--"# + big + "--></gpx>",
            "a tag": #"<gpx version="1.1" creator=""# + big + #""></gpx>"#,
            "a text": #"<gpx version="1.1"><metadata><name>"# + big + "</name></metadata></gpx>",
            "white space": #"<gpx version="1.1">"# + String(repeating: " ", count: (1 << 20) + 1) + "<trk/></gpx>",
        ]
        for (what, document) in cases {
            #expect(throws: ActivityFileError.self, "\(what)") { try ActivityReader.readAll(Data(document.utf8), format: .gpx) }
            do {
                _ = try ActivityReader.readAll(Data(document.utf8), format: .gpx)
            } catch let error as ActivityFileError {
                #expect(error.kind == .overLimit, "\(what): \(error)")
            }
        }
        // Text split by comments into small pieces is counted whole.
        let pieces = #"<gpx version="1.1"><metadata><name>"# + String(repeating: String(repeating: "y", count: 1000) + "<!---->", count: 1100)
            + "</name></metadata></gpx>"
        #expect(throws: ActivityFileError.self) { try ActivityReader.readAll(Data(pieces.utf8), format: .gpx) }
    }

    @Test("XML read from a file in chunks: a long token costs linear time, and 1 MiB less a byte is read")
    func chunked() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        // Just under the limit: read, whatever the chunk size.
        let comment = #"<gpx version="1.1"><!--"# + String(repeating: "z", count: (1 << 20) - 8) + #"--><trk><trkseg><trkpt lat="46" lon="14"/></trkseg></trk></gpx>"#
        try Data(comment.utf8).write(to: url)
        for chunkSize in [7, 4096, 1 << 16] {
            let activity = try GPXReader.read(ByteStream(contentsOf: url, chunkSize: chunkSize))
            #expect(activity.track.fixCount == 1)
        }
        // 64 MiB of white space: refused at 1 MiB, having read no more than twice that.
        let handle = try FileHandle(forWritingTo: { FileManager.default.createFile(atPath: url.path, contents: nil); return url }())
        handle.write(Data(#"<gpx version="1.1">"#.utf8))
        let spaces = Data(repeating: 0x20, count: 1 << 20)
        for _ in 0..<64 { handle.write(spaces) }
        handle.write(Data("</gpx>".utf8))
        try handle.close()
        let stream = try ByteStream(contentsOf: url)
        #expect(throws: ActivityFileError.self) { try GPXReader.readAll(stream) }
        #expect(stream.offset + stream.available <= 3 << 20, "read \(stream.offset + stream.available) bytes")
    }
}
