import Foundation
import Testing
@testable import PacelineCore

@Suite struct TextNumbersTests {
    private func double(_ s: String) -> Double? {
        Array(s.utf8).withUnsafeBufferPointer { TextNumbers.double($0) }
    }

    private func date(_ s: String) -> Date? {
        Array(s.utf8).withUnsafeBufferPointer { TextNumbers.date($0) }
    }

    @Test func decimalsAreCorrectlyRounded() {
        for text in ["46.0512345", "-0.11", "0", "14.35765924900", "1e3", "+2.5", " 7.25\n", "123456789.123456789", ".5"] {
            #expect(double(text) == Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), "\(text)")
        }
        for junk in ["", "-", ".", "abc", "1.2.3", "NaN", "12a"] {
            #expect(double(junk) == nil, "\(junk)")
        }
    }

    @Test func isoTimesWithZonesAndFractions() {
        let formatter = ISO8601DateFormatter()
        #expect(date("2017-06-11T14:34:09Z") == formatter.date(from: "2017-06-11T14:34:09Z"))
        #expect(date("2020-02-02T02:02:02+01:15") == formatter.date(from: "2020-02-02T00:47:02Z"))
        #expect(date("2020-02-02T02:02:02-0500") == formatter.date(from: "2020-02-02T07:02:02Z"))
        #expect(date("2010-01-01T00:00:00") == formatter.date(from: "2010-01-01T00:00:00Z"))
        #expect(abs(date("1901-12-13T20:45:52.207Z")!.timeIntervalSince1970 - -2_147_483_647.793) < 1e-6)
        #expect(date("2022-03-01T10:00:00.250+00:00")!.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) == 0.25)
        for junk in ["2017-13-01T00:00:00Z", "yesterday", "2017-06-11", "2017-06-11T14:34:09Zjunk"] {
            #expect(date(junk) == nil, "\(junk)")
        }
    }
}
