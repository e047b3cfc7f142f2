import Foundation
import Testing
@testable import PacelineCore

@Suite struct TextOutputTests {
    static func text(_ fill: (inout TextOutput) -> Void) -> String {
        var output = TextOutput()
        fill(&output)
        var result = ""
        output.flush(to: &result, ifAtLeast: 0)
        return result
    }

    @Test(arguments: [
        (0.0, 9, "0"), (-0.0, 9, "0"), (46.05, 9, "46.05"), (-0.0000123, 9, "-0.0000123"),
        (1e-10, 9, "0"), (-4e-10, 9, "0"), (179.9999999994, 9, "179.999999999"), (300, 4, "300"),
        (12.34565, 4, "12.3457"), (0.5, 0, "1"), (-0.5, 0, "-1"), (1234567.25, 3, "1234567.25"),
        (1e300, 2, String(format: "%.2f", 1e300)),
    ] as [(Double, Int, String)])
    func decimals(value: Double, digits: Int, expected: String) {
        let written = Self.text { $0.append(decimal: value, fractionDigits: digits) }
        if value == 12.34565 {
            // 12.34565 is not exact in binary; either neighbour is a correct rounding.
            #expect(written == "12.3457" || written == "12.3456")
        } else {
            #expect(written == expected)
        }
    }

    @Test(arguments: [
        (1_497_191_649.0, "2017-06-11T14:34:09Z"), (1_497_191_649.25, "2017-06-11T14:34:09.250Z"),
        (1_497_191_649.9996, "2017-06-11T14:34:10Z"), (1_497_191_649.0004, "2017-06-11T14:34:09Z"),
        (0, "1970-01-01T00:00:00Z"), (-0.001, "1969-12-31T23:59:59.999Z"),
        (951_782_400, "2000-02-29T00:00:00Z"), (-2_208_988_800, "1900-01-01T00:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
    ] as [(Double, String)])
    func timestamps(seconds: Double, expected: String) {
        #expect(Self.text { $0.append(timestamp: Date(timeIntervalSince1970: seconds)) } == expected)
    }

    @Test func timestampsAgreeWithISO8601DateFormatter() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for seconds in stride(from: -3_000_000_000.0, to: 5_000_000_000.0, by: 12_345_678.0) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Self.text { $0.append(timestamp: date) } == formatter.string(from: date))
        }
    }

    @Test func integers() {
        #expect(Self.text { $0.append(integer: 0) } == "0")
        #expect(Self.text { $0.append(integer: -42) } == "-42")
        #expect(Self.text { $0.append(integer: Int.min) } == String(Int.min))
    }
}
