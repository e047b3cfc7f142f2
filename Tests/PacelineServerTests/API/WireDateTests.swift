import Foundation
import PacelineAPI
import Testing

/// Dates on the wire (REST and live): written to the millisecond, read back unchanged.
@Suite("Wire dates")
struct WireDateTests {
    @Test("every millisecond of a second survives reading and writing again")
    func roundTrip() throws {
        let transcoder = FlexibleDateTranscoder()
        for millisecond in 0..<1_000 {
            let text = "2026-11-21T09:00:07." + String(format: "%03d", millisecond) + "Z"
            #expect(try transcoder.encode(try transcoder.decode(text)) == text)
        }
    }

    @Test("a finer date is truncated to its millisecond, never rounded up")
    func truncates() throws {
        let date = try FlexibleDateTranscoder().decode("2026-11-21T09:00:07.345Z").addingTimeInterval(0.000_6)
        #expect(try FlexibleDateTranscoder().encode(date) == "2026-11-21T09:00:07.345Z")
    }
}
