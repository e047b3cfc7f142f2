import Foundation
@testable import PacelineCore
import Testing

/// Riegel's formula and the choice of the effort each model predicts from.
@Suite("Race predictions")
struct RacePredictionTests {
    static func effort(_ meters: Double, _ seconds: Double) -> RacePrediction.Effort {
        .init(meters: meters, seconds: seconds, runID: UUID(), day: LocalDay(number: 20_000))
    }

    @Test("Riegel: 20:00 over 5 km is 1200 × 2^1.06 = 1200 × 2.08493 = 2501.9 s over 10 km")
    func riegel() {
        #expect(abs(RacePrediction.riegel(seconds: 1200, fromMeters: 5000, toMeters: 10_000) - 2501.9) < 0.05)
    }

    @Test("each model names the effort it uses: the fastest prediction, the highest VDOT; short efforts are left out")
    func choice() throws {
        let slowTen = Self.effort(10_000, 3000), fastFive = Self.effort(5000, 1200), burst = Self.effort(1000, 180)
        let riegel = try #require(RacePrediction.riegel([slowTen, fastFive, burst], meters: 10_000))
        #expect(riegel.from == fastFive && abs(riegel.seconds - 2501.9) < 0.05)
        let best = try #require(RacePrediction.bestVDOT([slowTen, fastFive, burst]))
        #expect(best.effort == fastFive && abs(best.vdot - VDOT.of(meters: 5000, seconds: 1200)) < 1e-9)
        #expect(RacePrediction.riegel([burst], meters: 5000) == nil && RacePrediction.bestVDOT([burst]) == nil)
    }
}
