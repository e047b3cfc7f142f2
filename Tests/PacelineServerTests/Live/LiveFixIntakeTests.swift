import Foundation
import PacelineAPI
@testable import PacelineServer
import Testing

/// Live fixes are checked as uploads are (`FixLimits`): an impossible elevation or heart
/// rate is left out of the fix; a fix without a believable position or time is refused,
/// as a live track is stored without gaps.
@Suite struct LiveFixIntakeTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    func fix(latitude: Double = 55.8, elevation: Double? = nil, heartRate: Int? = nil, time: Date? = nil) -> LiveFix {
        LiveFix(sequence: 1, latitude: latitude, longitude: -4.2, elevation: elevation, accuracy: 5, heartRate: heartRate, time: time ?? now)
    }

    @Test func impossibleValuesAreLeftOut() throws {
        let accepted = try #require(try LiveFixIntake(clockTolerance: 10).accept([fix(elevation: 1e308, heartRate: 900)], after: 0, now: now))
        #expect(accepted.fixes.count == 1 && accepted.fixes[0].elevation == nil && accepted.fixes[0].heartRate == nil)
        #expect(accepted.fixes[0].coordinate != nil)
    }

    @Test func aFixWithoutABelievablePositionOrTimeIsRefused() {
        for (bad, field) in [(fix(latitude: 95), "latitude"), (fix(time: Date(timeIntervalSince1970: 315_532_800)), "time")] {
            do {
                _ = try LiveFixIntake(clockTolerance: nil).accept([bad], after: 0, now: now)
                Issue.record("accepted \(field)")
            } catch {
                #expect(error.code == "bad_fix" && error.message.hasPrefix("fix 1: \(field) outside"), "\(error.message)")
            }
        }
    }
}
