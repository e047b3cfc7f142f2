import Foundation
import Testing
@testable import PacelineCore

/// The rules of `ElevationGain` one at a time, on hand-made elevations.
@Suite struct ElevationGainTests {
    typealias Sample = ElevationSeries.Sample

    /// Samples one second apart, standing still (no distance).
    static func timed(_ elevations: [Double], from start: Double = 0) -> [Sample] {
        elevations.enumerated().map { Sample(time: start + Double($0.offset), elevation: $0.element) }
    }

    /// Fixes one second apart without position, as an indoor barometer writes them.
    static func fixes(_ elevations: [Double], from start: Double = 0) -> [Fix] {
        elevations.enumerated().map { Fix(time: Date(timeIntervalSince1970: start + Double($0.offset)), elevation: $0.element) }
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test func anAltimeterCalibratingItselfIsNotAClimb() {
        // activity-small-fenix2-run.fit starts 55 m, 142.4 m for three seconds, then 56 m.
        let series = ElevationSeries(Self.timed([55, 142.4, 142.4, 142.4, 56, 56.2, 57]))
        #expect(Self.close(series.elevations, [55, 55, 55, 55, 55, 55.2, 56]), "\(series.elevations)")
    }

    @Test func aStepIsJudgedByTheTimeItTook() {
        // 12 m in 1 s is a jump; 12 m in 10 s (1.2 m/s) could be a lift or a steep road.
        let series = ElevationSeries([Sample(time: 0, elevation: 0), Sample(time: 1, elevation: 12), Sample(time: 11, elevation: 24)])
        #expect(series.elevations == [0, 0, 12])
        let untimed = ElevationSeries([Sample(elevation: 0), Sample(elevation: 12)])
        #expect(untimed.elevations == [0, 12])
    }

    @Test func barometricNoiseIsAveragedOverSeconds() {
        let smoothing = ElevationSmoothing(seconds: 1, meters: 0)
        let smoothed = smoothing.apply(to: ElevationSeries(Self.timed([10, 11, 10, 11, 10])))
        let expected: [Double] = [10.5, 31.0 / 3, 32.0 / 3, 31.0 / 3, 10.5]
        #expect(Self.close(smoothed, expected), "\(smoothed)")
    }

    @Test func aStopCountsAsOneValue() {
        // Five fixes at the same distance (stopped) wandering 6 m: one value, no climb.
        let elevations = [100.0, 100, 106, 100, 106, 100, 100]
        let along = [0.0, 10, 10, 10, 10, 10, 20]
        let samples = zip(along, elevations).map { Sample(along: $0.0, elevation: $0.1) }
        let smoothed = ElevationSmoothing(seconds: 0, meters: 0).apply(to: ElevationSeries(samples))
        #expect(smoothed[1...5].allSatisfy { $0 == smoothed[1] })
        #expect(ElevationGain.hysteresis(smoothed, band: 3).ascent < 3)
    }

    @Test func sparsePointsAreNotAveraged() {
        // A planned route's DEM points 40–90 m apart carry terrain, not noise.
        let samples = zip([0.0, 40, 130, 170], [300.0, 310, 299, 310]).map { Sample(along: $0.0, elevation: $0.1) }
        let smoothed = ElevationSmoothing(seconds: 0, meters: 50).apply(to: ElevationSeries(samples))
        #expect(smoothed == [300, 310, 299, 310])
    }

    @Test func denseSatelliteAltitudeIsAveragedAlongTheRoad() {
        let samples = (0..<5).map { Sample(along: Double($0) * 10, elevation: $0 % 2 == 0 ? 100 : 104) }
        let smoothed = ElevationSmoothing(seconds: 0, meters: 10).apply(to: ElevationSeries(samples))
        let expected: [Double] = [102, 304.0 / 3, 308.0 / 3, 304.0 / 3, 102]
        #expect(Self.close(smoothed, expected), "\(smoothed)")
    }

    @Test func aClimbInterruptedByAPauseIsOneClimb() {
        // From rest, 2.5 m, an auto-pause during which the altimeter drifts 4 m, 2.5 m
        // more, rest: one 5 m climb; the drift counts for nothing.
        let rest = [Double](repeating: 0, count: 10)
        let before = Self.fixes(rest.map { $0 + 100 } + Array(stride(from: 100.25, through: 102.5, by: 0.25)))
        let after = Self.fixes(Array(stride(from: 106.5, through: 109, by: 0.25)) + rest.map { $0 + 109 }, from: 100)
        let gain = ElevationGain(unpositioned: [before, after], hysteresis: 3)
        #expect(abs(gain.ascent - 5) < 0.01)
        #expect(gain.descent == 0)
    }

    @Test func hysteresisCountsFromTheTurningPoint() {
        let gain = ElevationGain.hysteresis([0, 2, 1, 5, 3, 4, 0], band: 3)
        #expect(gain.ascent == 5)
        #expect(gain.descent == 5)
    }
}
