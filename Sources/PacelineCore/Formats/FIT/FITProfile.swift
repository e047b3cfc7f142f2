import Foundation

/// The few numbers of the FIT profile (Profile.xlsx of the FIT SDK) Paceline reads.
enum FITProfile {
    /// Field 253, the timestamp of every message that has one.
    static let timestampField: UInt8 = 253

    /// Global message numbers.
    enum Message {
        static let fileID: UInt16 = 0
        static let sport: UInt16 = 12
        static let session: UInt16 = 18
        static let lap: UInt16 = 19
        static let record: UInt16 = 20
        static let event: UInt16 = 21
        static let course: UInt16 = 31
        static let activity: UInt16 = 34
    }

    /// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffset: TimeInterval = 631_065_600

    /// FIT timestamps below this are "system time": seconds since the device was
    /// switched on (or some other device-specific origin), not UTC. The FIT SDK
    /// calls it `date_time` min; older devices (e.g. a Forerunner 70 without GPS)
    /// write only such times.
    static let minimumUTCTimestamp: UInt32 = 0x1000_0000

    /// The instant of a FIT timestamp. System times (below `minimumUTCTimestamp`)
    /// are converted the same way, so they land in 1990 but keep their spacing:
    /// durations and ordering stay right, the calendar date does not.
    static func date(_ timestamp: UInt32) -> Date {
        Date(timeIntervalSince1970: epochOffset + TimeInterval(timestamp))
    }

    /// Paceline's sport for a FIT `sport` enum value.
    static func sport(_ value: Int) -> Sport {
        switch value {
        case 1: .run
        case 2: .ride
        case 5: .swim
        case 11: .walk
        case 17: .hike
        default: .other
        }
    }

    /// `event` values and `event_type` values that stop the timer.
    /// The FIT `sub_sport` of an activity in a virtual world (Zwift, a trainer's app).
    static let virtualActivity = 58

    static let timerEvent = 0
    static let stopEventTypes: Set<Int> = [1, 4, 8, 9]  // stop, stop_all, stop_disable, stop_disable_all
}
