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

/// The review's findings on the readers (issue 35): each input, once hours of CPU or
/// hundreds of megabytes, is read or refused at once.
@Suite("File limits: the review's inputs")
struct FileLimitsReviewTests {
    @Test("GPX routes count as segments: 10,001 empty <rte/> are refused")
    func routesCount() {
        let gpx = #"<gpx version="1.1">"# + String(repeating: "<rte/>", count: 10_001) + "</gpx>"
        #expect(throws: ActivityFileError(.overLimit, "the file holds more than 10,000 track segments, the most one file may hold")) {
            try ActivityReader.readAll(Data(gpx.utf8), format: .gpx)
        }
    }

    @Test("names are kept to 1,000 characters")
    func namesAreCut() throws {
        let long = String(repeating: "n", count: 5_000)
        let gpx = #"<gpx version="1.1"><wpt lat="46" lon="14"><name>"# + long + #"</name></wpt><trk><name>"# + long
            + #"</name><trkseg><trkpt lat="46" lon="14"/></trkseg></trk></gpx>"#
        let activity = try ActivityReader.read(Data(gpx.utf8), format: .gpx)
        #expect(activity.name?.count == 1_000 && activity.waypoints.first?.name?.count == 1_000)
    }

    @Test("a hundred open names of 64 KiB, read a few bytes at a time, are copied once, not at every refill", .timeLimit(.minutes(1)))
    func openNamesAreKeptOnce() throws {
        let names = (0..<99).map { "e\($0)" + String(repeating: "a", count: 64 << 10) }
        let document = #"<gpx version="1.1">"# + names.map { "<\($0)>" }.joined() + String(repeating: "<b/>", count: 250_000)
            + names.reversed().map { "</\($0)>" }.joined() + "</gpx>"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("open-names-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(document.utf8).write(to: url)
        // Before: 6.3 MB of names copied at each of 15,000 refills, 95 GB.
        let activities = try GPXReader.readAll(ByteStream(contentsOf: url, chunkSize: 512))
        #expect(activities.count == 1)
    }

    @Test("FIT sessions splitting the records past 10,000 segments are refused")
    func sessionsSplitPastTheLimit() throws {
        // Records alternating between two times with a session starting between them: each
        // pair that crosses the start becomes a segment of its own.
        var bytes: [UInt8] = [0x40, 0, 0, 20, 0, 3, 253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85]
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        for k in 0..<20_010 { bytes += [0x00] + le32(k % 2 == 0 ? 1_000_000_000 : 1_000_002_000) + le32(548_000_000) + le32(167_000_000) }
        bytes += [0x41, 0, 0, 18, 0, 2, 253, 4, 0x86, 2, 4, 0x86]
        bytes += [0x01] + le32(1_000_000_000) + le32(999_999_000)
        bytes += [0x01] + le32(1_000_002_000) + le32(1_000_001_000)
        let fit = try SystemGzip.compress(Data(FITFileFixture.file(bytes)))
        #expect(throws: ActivityFileError(.overLimit, "the file holds more than 10,000 track segments, the most one file may hold")) {
            try ActivityReader.readAll(SystemGzip.decompress(fit), format: .fit)
        }
    }
}

/// A FIT file of `data` (messages), with its header and both CRCs.
enum FITFileFixture {
    static func file(_ data: [UInt8]) -> [UInt8] {
        let size = data.count
        var header: [UInt8] = [14, 0x20, 0x08, 0x08, UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = crc(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let fileCRC = crc(header + data)
        return header + data + [UInt8(fileCRC & 0xFF), UInt8(fileCRC >> 8)]
    }

    /// CRC-16/ARC, as FIT computes it.
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        }
        return crc
    }
}
