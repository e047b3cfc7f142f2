import Foundation
import PacelineTestSupport
import Testing
@testable import PacelineCore

/// Reading uploads held in memory, whose format is sniffed from the bytes.
@Suite struct ActivityReaderTests {
    @Test(arguments: [
        ("fit/garmin-fenix-5-run.fit", ActivityFormat.fit, 21),
        ("gpx/run_gpxtpx.gpx", .gpx, 42),
        ("tcx/sample.tcx", .tcx, 19),
    ])
    func formatIsSniffedFromTheBytes(path: String, format: ActivityFormat, fixes: Int) throws {
        let activity = try ActivityReader.read(Data(contentsOf: Fixtures.track(path)))
        #expect(activity.format == format)
        #expect(activity.track.fixCount == fixes)
    }

    @Test func unknownAndEmptyBodiesAreRefused() {
        #expect { try ActivityReader.read(Data("just some text".utf8)) } throws: { error in
            (error as? ActivityFileError)?.kind == .unsupportedFormat
        }
        #expect { try ActivityReader.read(Data()) } throws: { error in
            (error as? ActivityFileError)?.message == "the file is empty"
        }
    }

    @Test func otherXMLIsReportedAsMalformedXML() throws {
        let data = try Data(contentsOf: Fixtures.track("malformed/badcharacter.xml"))
        #expect { try ActivityReader.read(data) } throws: { error in
            (error as? ActivityFileError)?.kind == .malformedXML
        }
    }
}
