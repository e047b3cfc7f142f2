import Foundation
import PacelineCore

extension Run {
    /// The day on its runner's calendar it started (its recorded UTC offset, else its
    /// start's longitude's, `LocalDay.fallbackOffset`); nil without a start time.
    var localDay: LocalDay? {
        startTime.map { LocalDay(instant: $0, utcOffsetSeconds: utcOffsetSeconds ?? LocalDay.fallbackOffset(longitude: startLongitude)) }
    }
}
