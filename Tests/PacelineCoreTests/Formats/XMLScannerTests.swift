import Foundation
import Testing
@testable import PacelineCore

@Suite struct XMLScannerTests {
    private func read(_ xml: String) throws -> Activity {
        try GPXReader.read(ByteStream(data: Data(xml.utf8)))
    }

    private func error(_ xml: String) -> ActivityFileError? {
        do {
            _ = try read(xml)
            return nil
        } catch let error as ActivityFileError {
            return error
        } catch {
            return nil
        }
    }

    @Test(arguments: [
        ("<gpx><trk></gpx>", "does not match"),
        ("<gpx><trk>", "ends inside <trk>"),
        ("<gpx a=1></gpx>", "not quoted"),
        ("<gpx>&nbsp;</gpx>", "unknown or unterminated entity"),
        ("<gpx></gpx><gpx></gpx>", "second root"),
        ("hello<gpx></gpx>", "text outside the root"),
        ("<gpx><1a></1a></gpx>", "cannot start with"),
        ("<xml∂></xml∂>", "invalid character"),
        ("<gpx a=\"<\"></gpx>", "\"<\" inside the value"),
        ("", "no XML element"),
        ("<gpx><trk", "ends in the middle of a tag"),
    ])
    func malformedDocumentsAreRefused(xml: String, message: String) {
        let failure = error(xml)
        #expect(failure != nil, "accepted: \(xml)")
        #expect(failure?.message.contains(message) == true, "\(failure?.message ?? "nil") lacks \(message)")
    }

    @Test func lineNumbersPointAtTheProblem() {
        let failure = error("<gpx>\n<trk>\n<trkseg>\n<trkpt lat=\"95\" lon=\"1\"/>\n</trkseg></trk></gpx>")
        #expect(failure?.message.hasPrefix("line 4:") == true, "\(failure?.message ?? "")")
        #expect(failure?.kind == .invalidValue)
    }

    @Test func entitiesCommentsCDATAAndNamespacesAreRead() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE gpx [ <!ELEMENT gpx ANY> ]>
            <!-- a comment -->
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1">
              <g:wpt lat='46.5' lon="14.25"><g:name>Tom &amp; &quot;Jerry&quot; &#60;3&#x3e;</g:name></g:wpt>
              <g:trk><g:name><![CDATA[Morning <run>]]></g:name><g:trkseg>
                <g:trkpt lat="46.5" lon="14.25"><g:ele> 301.5 </g:ele><g:time>2024-02-29T23:59:59.5Z</g:time></g:trkpt>
              </g:trkseg></g:trk>
            </g:gpx>
            """
        let activity = try read(xml)
        #expect(activity.waypoints.first?.name == "Tom & \"Jerry\" <3>")
        #expect(activity.name == "Morning <run>")
        let fix = try #require(activity.track.fixes.first)
        #expect(fix.elevation == 301.5)
        #expect(fix.time == Date(timeIntervalSince1970: 1_709_251_199.5))
    }

    /// Text split by comments and CDATA, and names and text kept while the buffer is
    /// refilled, read the same in chunks of every size as in one piece.
    @Test func textAndOpenNamesSurviveEveryChunkBoundary() throws {
        let xml = """
            <gpx><metadata><name>Lake<!-- a comment --> loop <![CDATA[& back]]></name></metadata>
            <trk><trkseg><trkpt lat="46.5" lon="14.25"><ele>30<!-- split -->1.5</ele>\
            <time>2024-02-29T23:59:59Z</time><extensions><gpxtpx:hr>151</gpxtpx:hr></extensions></trkpt>
            <trkpt lat="46.6" lon="14.35"><ele> 302 </ele></trkpt></trkseg></trk></gpx>
            """
        let whole = try read(xml)
        #expect(whole.name == "Lake loop & back")
        #expect(whole.track.fixes.map(\.elevation) == [301.5, 302])
        #expect(whole.track.fixes.first?.heartRate == 151)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chunks-\(UUID().uuidString).gpx")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for chunkSize in 1...24 {
            let chunked = try GPXReader.read(ByteStream(contentsOf: url, chunkSize: chunkSize))
            #expect(chunked.track == whole.track && chunked.name == whole.name, "chunks of \(chunkSize)")
        }
    }

    @Test func byteOrderMarkIsSkippedAndUTF16Refused() throws {
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8)
        #expect(try GPXReader.read(ByteStream(data: bom)).track.fixCount == 1)
        let utf16 = Data([0xFF, 0xFE]) + "<gpx/>".data(using: .utf16LittleEndian)!
        #expect(throws: ActivityFileError.self) { try GPXReader.read(ByteStream(data: utf16)) }
    }
}
