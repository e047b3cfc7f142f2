/// What a reader has read so far, checked against `FileLimits` as each thing is added.
struct FileCount {
    /// The things a reader counts, each with its limit.
    enum Thing: Int, CaseIterable {
        /// A point of any kind (track or route point, waypoint, trackpoint, record).
        case point
        /// A track segment (or a route, kept as a line of its own).
        case segment
        case lap
        /// A FIT session.
        case session
        /// A FIT event.
        case event
        /// A FIT message of any kind.
        case message

        /// How many a file may hold (`FileLimits`).
        var limit: Int {
            switch self {
            case .point: FileLimits.fixes
            case .segment: FileLimits.segments
            case .lap: FileLimits.laps
            case .session: FileLimits.sessions
            case .event: FileLimits.events
            case .message: FileLimits.messages
            }
        }

        /// Their name in an error, plural.
        var plural: String {
            switch self {
            case .point: "points"
            case .segment: "track segments"
            case .lap: "laps"
            case .session: "sessions"
            case .event: "events"
            case .message: "FIT messages"
            }
        }
    }

    private var counts = [Int](repeating: 0, count: Thing.allCases.count)

    /// Counts one `thing`.
    /// - Throws: `ActivityFileError` (`.overLimit`) past its limit.
    mutating func add(_ thing: Thing) throws(ActivityFileError) {
        counts[thing.rawValue] += 1
        if counts[thing.rawValue] > thing.limit { throw Self.over(thing) }
    }

    /// Adds what another part of the same file counted (a GPX file read in pieces).
    mutating func include(_ other: FileCount) throws(ActivityFileError) {
        for thing in Thing.allCases {
            counts[thing.rawValue] += other.counts[thing.rawValue]
            if counts[thing.rawValue] > thing.limit { throw Self.over(thing) }
        }
    }

    /// The error for a file of more than its limit of `thing`.
    static func over(_ thing: Thing) -> ActivityFileError {
        ActivityFileError(.overLimit, "the file holds more than \(FileLimits.grouped(thing.limit)) \(thing.plural), the most one file may hold")
    }
}
