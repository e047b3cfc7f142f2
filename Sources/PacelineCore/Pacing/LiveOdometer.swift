import Foundation

/// The runner's own distance during a live session, from fixes as the phone delivers
/// them: the acceptance rules and distance steps the follow session and the workout
/// session share, so both count the same metres.
///
/// A fix counts when it has a valid position and time, its accuracy is no worse than
/// `maximumAccuracy`, it is later than the last accepted fix and not a spike (faster
/// than `maximumSpeed` from it; after `spikeRecovery` such fixes in a row the runner
/// really is there). Distance accrues in steps of at least `minimumStep` metres between
/// anchors, so GPS jitter while standing adds nothing.
///
/// ```swift
/// var odometer = LiveOdometer()
/// if odometer.accept(fix) { print(odometer.distance) }
/// ```
public struct LiveOdometer: Sendable {
    public var maximumAccuracy = 50.0
    public var maximumSpeed = SportThresholds.for(.run).maximumSpeed
    public var spikeRecovery = 3
    public var minimumStep = 5.0

    /// Metres covered so far.
    public private(set) var distance = 0.0
    /// The last accepted fix: position and time (seconds since 1970).
    public private(set) var lastFix: (coordinate: Coordinate, time: Double)?
    private var anchor: Coordinate?
    private var rejectedInARow = 0

    public init() {}

    /// Takes a fix; returns whether it was accepted (and its distance accrued).
    /// - Complexity: O(1).
    public mutating func accept(_ fix: Fix) -> Bool {
        guard let date = fix.time, let coordinate = fix.coordinate, coordinate.isValid,
              (fix.horizontalAccuracy ?? 0) <= maximumAccuracy else { return false }
        let time = date.timeIntervalSince1970
        if let last = lastFix {
            guard time > last.time else { return false }
            let speed = Geodesy.distance(last.coordinate, coordinate) / (time - last.time)
            if speed > maximumSpeed, rejectedInARow + 1 < spikeRecovery {
                rejectedInARow += 1
                return false
            }
        }
        rejectedInARow = 0
        lastFix = (coordinate, time)
        if let anchor {
            let step = Geodesy.distance(anchor, coordinate)
            if step >= minimumStep {
                distance += step
                self.anchor = coordinate
            }
        } else {
            anchor = coordinate
        }
        return true
    }

    /// Forgets the position, not the distance: after a pause the next fix starts afresh,
    /// so the way between where the runner stopped and where they resume adds nothing.
    public mutating func pause() {
        lastFix = nil
        anchor = nil
        rejectedInARow = 0
    }
}
