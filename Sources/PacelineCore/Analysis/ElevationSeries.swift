import Foundation

/// The elevations of one track segment, each with when and where along the track it
/// was measured, reduced to the changes an athlete can really have made.
///
/// A step between consecutive fixes that would need a vertical speed above
/// `maximumVerticalSpeed` is not climbing: it is an altimeter calibrating itself
/// against GPS at the start (a fenix 2 reads 55 m, then 142 m for three seconds,
/// then 56 m), a pressure transient, or a satellite altitude jump. Such a step is
/// removed: everything after it is shifted back by its height, so only the
/// believable changes remain. Altimeter-grade altitude only: a phone's satellite altitude
/// is off by metres on every fix, independently, so its steps exceed 5 m/s by chance (2 m
/// of error per fix: one second in thirteen), and each shift, never undone, made a random
/// walk of the profile that the smoothing kept as climbing (three hills of 40 m counted
/// 207 m); its smoothing along 100 m of road is what takes such noise out.
struct ElevationSeries {
    /// One elevation; `time` is nil for untimed tracks, `along` for fixes without position.
    struct Sample {
        var time: Double?
        var along: Double?
        var elevation: Double
    }

    /// Metres per second of vertical speed beyond which a step is an artefact: a cyclist
    /// descending a 20 % grade at 90 km/h drops 5 m/s; no human-powered climb comes near.
    static let maximumVerticalSpeed = 5.0

    private(set) var samples: [Sample]

    /// The samples of one segment, in order, with implausible steps removed when
    /// `altimeter` (the elevations are altimeter-grade: `Activity.hasBarometricElevation`).
    /// A step's time counts as at least 1 s (most formats time fixes to the second); steps
    /// between untimed samples cannot be judged and are kept.
    /// - Complexity: O(n).
    init(_ raw: consuming [Sample], altimeter: Bool = true) {
        samples = consume raw  // adjusted in place: `previous` keeps the raw sample before k
        guard altimeter, var previous = samples.first else { return }
        var removed = 0.0
        for k in samples.indices.dropFirst() {
            let current = samples[k]
            let step = current.elevation - previous.elevation
            if let t0 = previous.time, let t1 = current.time,
               abs(step) > Self.maximumVerticalSpeed * max(t1 - t0, 1) {
                removed += step
            }
            samples[k].elevation = current.elevation - removed
            previous = current
        }
    }

    /// The elevations alone, in order.
    var elevations: [Double] { samples.map(\.elevation) }
}
