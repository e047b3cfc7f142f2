import Foundation
import PacelineArchives
import PacelineCore
import PacelineTestSupport
import Testing

/// ZIP archives as other programs write them (Python's zipfile: stored, deflated, ZIP64,
/// UTF-8 names) read entry by entry, damage refused, and ours read by Python.
@Suite struct ZipArchiveTests {
    private static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("paceline-zip-\(UUID().uuidString)-\(name)")
    }

    /// An archive written by Python's zipfile: `entries` (path → Latin-1 text), stored or
    /// deflated by `method`, its sizes and offsets in ZIP64 records when `zip64`.
    private static func pythonZip(_ entries: [String: String], method: String, zip64: Bool) throws -> URL {
        let url = scratch("python.zip")
        let script = """
            import json, sys, zipfile
            entries = json.loads(sys.argv[2])
            with zipfile.ZipFile(sys.argv[1], "w", compression=zipfile.\(method)) as z:
                for path, text in entries.items():
                    with z.open(path, "w", force_zip64=\(zip64 ? "True" : "False")) as f:
                        f.write(text.encode("utf-8"))
            print(json.dumps({"ok": True}))
            """
        let json = String(decoding: try JSONSerialization.data(withJSONObject: entries), as: UTF8.self)
        _ = try PythonPeer.runJSON(script, arguments: [url.path, json])
        return url
    }

    @Test(arguments: [("ZIP_STORED", false), ("ZIP_DEFLATED", false), ("ZIP_DEFLATED", true)])
    func readsWhatPythonWrites(method: String, zip64: Bool) throws {
        let gpx = try String(contentsOf: Fixtures.track("gpx/run.gpx"), encoding: .utf8)
        let url = try Self.pythonZip(["activities/1.gpx": gpx, "Läufe/名前.txt": "ü", "empty.txt": ""], method: method, zip64: zip64)
        defer { try? FileManager.default.removeItem(at: url) }
        let zip = try ZipArchive(contentsOf: url)
        #expect(Set(zip.entries.map(\.path)) == ["activities/1.gpx", "Läufe/名前.txt", "empty.txt"])
        for entry in zip.entries {
            let data = try zip.data(of: entry, maximumBytes: 1 << 20)
            switch entry.path {
            case "activities/1.gpx":
                #expect(data == Data(gpx.utf8))
                #expect(try ActivityReader.read(data, format: .gpx).track.fixCount == 206)
            case "Läufe/名前.txt": #expect(String(decoding: data, as: UTF8.self) == "ü")
            default: #expect(data.isEmpty)
            }
        }
    }

    @Test func damageAndLimitsAreRefusedWithAReason() throws {
        let url = try Self.pythonZip(["a.gpx": String(repeating: "<trkpt/>", count: 10_000)], method: "ZIP_DEFLATED", zip64: false)
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = try Data(contentsOf: url)
        let entry = try #require(try ZipArchive(contentsOf: url).entries.first)
        // Too large once inflated.
        #expect(throws: ActivityFileError.self) { try ZipArchive(contentsOf: url).data(of: entry, maximumBytes: 1000) }
        // A flipped byte in the compressed data: corrupt or a checksum mismatch, never a crash.
        bytes[40] ^= 0xFF
        try bytes.write(to: url)
        let damaged = try ZipArchive(contentsOf: url)
        #expect(throws: ActivityFileError.self) { try damaged.data(of: damaged.entries[0], maximumBytes: 1 << 20) }
        // Not a ZIP at all; cut short.
        let notZip = Self.scratch("not.zip")
        defer { try? FileManager.default.removeItem(at: notZip) }
        try Data("hello".utf8).write(to: notZip)
        #expect { try ZipArchive(contentsOf: notZip) } throws: { ($0 as? ActivityFileError)?.kind == .unsupportedFormat }
        try bytes.prefix(bytes.count / 2).write(to: notZip)
        #expect(throws: ActivityFileError.self) { try ZipArchive(contentsOf: notZip) }
    }

    /// An archive of one central-directory entry built by hand, its ZIP64 fields hostile.
    private static func handMade(sizes: UInt32, offset: UInt32, extra: [UInt8]) -> Data {
        var directory: [UInt8] = [0x50, 0x4b, 0x01, 0x02] + [UInt8](repeating: 0, count: 16)
        directory += withUnsafeBytes(of: sizes.littleEndian, Array.init) + withUnsafeBytes(of: sizes.littleEndian, Array.init)
        directory += [1, 0] + withUnsafeBytes(of: UInt16(extra.count).littleEndian, Array.init) + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        directory += withUnsafeBytes(of: offset.littleEndian, Array.init) + [UInt8(ascii: "a")] + extra
        var end: [UInt8] = [0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 1, 0, 1, 0]
        end += withUnsafeBytes(of: UInt32(directory.count).littleEndian, Array.init) + [0, 0, 0, 0, 0, 0]
        return Data(directory + end)
    }

    @Test func hostileZIP64FieldsAreRefusedNotTrapped() throws {
        let url = Self.scratch("hostile.zip")
        defer { try? FileManager.default.removeItem(at: url) }
        // A ZIP64 extra field claiming 24 bytes where the entry ends after 4.
        try Self.handMade(sizes: 0xFFFF_FFFF, offset: 0xFFFF_FFFF, extra: [1, 0, 24, 0]).write(to: url)
        let short = try ZipArchive(contentsOf: url)
        #expect(throws: ActivityFileError.self) { try short.data(of: short.entries[0], maximumBytes: 1 << 20) }
        // Offsets and sizes near 2^64: no overflow, a refusal.
        let huge = [UInt8](repeating: 0xFF, count: 24)
        try Self.handMade(sizes: 0xFFFF_FFFF, offset: 0xFFFF_FFFF, extra: [1, 0, 24, 0] + huge).write(to: url)
        let wide = try ZipArchive(contentsOf: url)
        #expect(throws: ActivityFileError.self) { try wide.data(of: wide.entries[0], maximumBytes: .max) }
        // A directory claiming 65,535 entries in a few bytes.
        var many = Self.handMade(sizes: 0, offset: 0, extra: [])
        many[many.count - 12] = 0xFF; many[many.count - 11] = 0xFF  // the total entries
        try many.write(to: url)
        #expect(throws: ActivityFileError.self) { try ZipArchive(contentsOf: url) }
    }

    @Test func pythonReadsWhatWeWrite() throws {
        let url = Self.scratch("ours.zip")
        defer { try? FileManager.default.removeItem(at: url) }
        let fit = try Data(contentsOf: Fixtures.track("fit/2013-02-06-12-11-14.fit"))
        let zip = try ZipWriter(url: url)
        try zip.add("activities/run.fit", fit)
        try zip.add("notes/ünïcode.txt", Data("a description, two\nlines".utf8))
        try zip.finish()
        let listing = try PythonPeer.runJSON("""
            import hashlib, json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                print(json.dumps({i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist()}))
            """, arguments: [url.path]) as? [String: String]
        #expect(listing?.keys.sorted() == ["activities/run.fit", "notes/ünïcode.txt"])
        let read = try ZipArchive(contentsOf: url)
        #expect(try read.data(of: read.entries[0], maximumBytes: 1 << 20) == fit)
    }

    @Test func csvKeepsQuotedCommasQuotesAndLineBreaks() {
        let rows = CSV.rows("a,\"b, c\",\"say \"\"hi\"\"\"\r\n1,\"two\nlines\",\n\"\",x,\n")
        #expect(rows == [["a", "b, c", "say \"hi\""], ["1", "two\nlines", ""], ["", "x", ""]])
        #expect(CSV.rows("").isEmpty)
        #expect(CSV.rows("last,row") == [["last", "row"]])
    }

    @Test func stravasActivitiesCSV() throws {
        // The header of a 2024 Strava export (abridged), with its repeated column names.
        let csv = """
            Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Elapsed Time,Distance,Max Heart Rate,Relative Effort,Commute,Activity Private Note,Activity Gear,Filename,Athlete Weight,Bike Weight,Elapsed Time,Moving Time,Distance
            2551363617,"Jul 31, 2019, 5:47:10 PM",Lunch Run,Run,"Hills, then ""strides""
            in the park",2940,8.33,,,false,,,activities/2551363617.fit.gz,,,2940.0,2818.0,8331.5
            2551363618,"Aug 1, 2019, 6:00:00 AM",Zwift,Virtual Ride,,3600,30.1,,,false,,,activities/2551363618.tcx.gz,,,3600,3600,30100
            2551363619,"Aug 2, 2019, 6:00:00 AM",Row,Rowing,,1800,5,,,false,,,,,,1800,1800,5000
            """
        let listings = try ActivityListing.strava(Data(csv.utf8))
        #expect(listings.count == 3)
        #expect(listings[0] == ActivityListing(name: "Lunch Run", sport: .run, description: "Hills, then \"strides\"\nin the park",
                                               date: "Jul 31, 2019, 5:47:10 PM", file: "activities/2551363617.fit.gz"))
        #expect(listings[1].sport == .ride)
        #expect(listings[2].sport == .other && listings[2].file == nil)
        #expect(throws: ActivityFileError.self) { try ActivityListing.strava(Data("Name,Type\nx,Run\n".utf8)) }
    }
}
