import Foundation

/// How elevations are averaged before climbs are counted: each elevation is replaced by
/// the mean of those measured within `seconds` of it or within `meters` of it along the
/// track (the union of the two windows).
///
/// Time suits an altimeter, whose noise (pressure gusts, quantisation) comes and goes
/// in seconds whatever the speed. Distance suits satellite altitude, since hills are
/// features of the road: the same stretch of road is averaged for a walker and a
/// cyclist. A stop has no length, so a distance window of any size, even 0 m, takes in
/// the whole stop and its altitude wander counts once, as one value.
struct ElevationSmoothing {
    /// Half-width of the time window, seconds (0: no time window).
    var seconds: Double
    /// Half-width of the distance window, metres along the track.
    var meters: Double

    /// Metres between consecutive fixes beyond which the distance window does not reach
    /// across. Averaging is for the noise of dense recordings; fixes further apart (a
    /// planned route's DEM points every 100 m, a 10 s record at cycling speed) each
    /// carry their own terrain, and a window would hold too few of them to average noise.
    static let sparseStep = 25.0

    /// The smoothed elevations of `series`. A window is used only when every sample has
    /// its coordinate (time or distance).
    /// - Complexity: O(n): both windows advance with two pointers over prefix sums.
    func apply(to series: ElevationSeries) -> [Double] {
        let samples = series.samples
        let n = samples.count
        let times = seconds > 0 ? Self.ordered(samples.map(\.time)) : nil
        let distances = Self.ordered(samples.map(\.along)).map(separatingSparseSteps)
        guard n > 1, times != nil || distances != nil else { return series.elevations }
        var sums = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { sums[i + 1] = sums[i] + samples[i].elevation }
        var timeWindow = Window(), distanceWindow = Window()
        return (0..<n).map { i in
            var low = i, high = i
            if let times {
                timeWindow.advance(to: i, in: times, halfWidth: seconds)
                (low, high) = (min(low, timeWindow.low), max(high, timeWindow.high))
            }
            if let distances {
                distanceWindow.advance(to: i, in: distances, halfWidth: meters)
                (low, high) = (min(low, distanceWindow.low), max(high, distanceWindow.high))
            }
            return (sums[high + 1] - sums[low]) / Double(high - low + 1)
        }
    }

    /// `along` with every step longer than `sparseStep` stretched beyond the window's reach.
    private func separatingSparseSteps(_ along: [Double]) -> [Double] {
        var stretch = 0.0
        return along.indices.map { i in
            if i > 0, along[i] - along[i - 1] > Self.sparseStep { stretch += 2 * meters + 1 }
            return along[i] + stretch
        }
    }

    /// `values` unwrapped when none is missing, each raised to the largest before it:
    /// windows need an order, and a profile's distance can step back by a metre or two
    /// where interpolated jitter is replaced by the next counted step.
    private static func ordered(_ values: [Double?]) -> [Double]? {
        var result: [Double] = []
        result.reserveCapacity(values.count)
        for value in values {
            guard let value else { return nil }
            result.append(max(value, result.last ?? value))
        }
        return result
    }

    /// The indices of the values within `halfWidth` of the value at a centre that only moves forward.
    private struct Window {
        var low = 0, high = 0

        mutating func advance(to centre: Int, in values: [Double], halfWidth: Double) {
            while values[low] < values[centre] - halfWidth { low += 1 }
            high = max(high, centre)
            while high + 1 < values.count, values[high + 1] <= values[centre] + halfWidth { high += 1 }
        }
    }
}
