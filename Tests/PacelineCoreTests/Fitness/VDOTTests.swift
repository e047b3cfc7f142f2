import Foundation
@testable import PacelineCore
import Testing

/// Daniels and Gilbert's equations against Daniels' printed table (`DanielsTable`), and
/// the training paces against his table of paces.
@Suite("VDOT")
struct VDOTTests {
    @Test("every printed time gives back its row's VDOT within 0.1, over VDOT 30–85 and the four races")
    func tableGivesItsVDOT() {
        for row in DanielsTable.rows {
            for (meters, time) in zip(DanielsTable.distances, row.times) {
                let vdot = VDOT.of(meters: meters, seconds: DanielsTable.seconds(time))
                #expect(abs(vdot - Double(row.vdot)) < 0.1, "VDOT \(row.vdot), \(Int(meters)) m in \(time): \(vdot)")
            }
        }
    }

    /// The 1 s the issue asked for holds for no column over the whole range: the printed
    /// table is not the equations' times rounded (rounding alone is 0.5 s at most), but
    /// departs from them smoothly with the VDOT, most at the slow end of the marathon.
    /// These are the largest departures found, asserted so that a change of the equations
    /// or the solver shows; docs/ALGORITHMS.md, "Race predictions", reports them.
    static let departure: [Double: Double] = [5000: 1.8, 10_000: 3.0, 21_097.5: 13.3, 42_195: 31.9]

    @Test("predicted times stay within the printed table's measured departure: 1.8 s (5 km), 3.0 s (10 km), 13.3 s (half), 31.9 s (marathon)")
    func predictionsAgainstTable() {
        var largest: [Double: Double] = [:]
        for row in DanielsTable.rows {
            for (meters, time) in zip(DanielsTable.distances, row.times) {
                let predicted = VDOT.raceSeconds(meters: meters, vdot: Double(row.vdot))
                largest[meters] = max(largest[meters] ?? 0, abs(predicted - DanielsTable.seconds(time)))
            }
        }
        for (meters, bound) in Self.departure {
            #expect(largest[meters]! <= bound, "\(Int(meters)) m: \(largest[meters]!) s")
            #expect(largest[meters]! > bound - 0.1, "\(Int(meters)) m: closer than documented, update docs/ALGORITHMS.md")
        }
    }

    @Test("the solver gives back the VDOT it was asked for, to 0.0001")
    func roundTrip() {
        for vdot in stride(from: 30.0, through: 85, by: 2.5) {
            for meters in DanielsTable.distances {
                #expect(abs(VDOT.of(meters: meters, seconds: VDOT.raceSeconds(meters: meters, vdot: vdot)) - vdot) < 0.0001)
            }
        }
    }

    @Test("training paces at VDOT 50 match Daniels' table to 2 s a km: E 4:56–5:34, M 4:31, T 4:15, I 3:55, R 3:41")
    func paces() {
        let paces = VDOT.trainingPaces(vdot: 50)
        for (pace, printed) in [(paces.easyFast, 296.0), (paces.easySlow, 334), (paces.marathon, 271), (paces.threshold, 255),
                                (paces.interval, 235), (paces.repetition, 221)] {
            #expect(abs(pace - printed) < 2, "\(pace) vs \(printed)")
        }
    }
}
