/// The most an activity file may hold, counted while it is read: a reader stops at the
/// first thing past a limit (`ActivityFileError.Kind.overLimit`, naming it), so a small
/// file that claims millions of points, laps or pauses (a gzip of one FIT record repeated,
/// a GPX of empty points) costs no more memory and time than a real recording.
///
/// Every number is far above what devices write: 500,000 fixes are 139 hours at one a
/// second; a run paused every minute for a day has 1,440 segments; a lap every 100 m of
/// a 1,000 km ride is 10,000. docs/SECURITY.md lists them with the tests that check them.
public enum FileLimits {
    /// Points of every kind: GPX track points, route points and waypoints, TCX
    /// trackpoints, FIT records; and, for the server, a JSON upload's fixes.
    public static let fixes = 500_000
    /// Track segments: a GPX `<trkseg>`, a TCX `<Track>`, the stretches of a FIT file
    /// between timer stops, sessions and chained files; and a JSON upload's segments.
    public static let segments = 10_000
    /// Laps (TCX `<Lap>`, FIT `lap` messages).
    public static let laps = 10_000
    /// FIT `session` messages: a multisport day has a handful.
    public static let sessions = 1_000
    /// FIT `event` messages (timer starts and stops, gear changes, alerts).
    public static let events = 100_000
    /// FIT messages of every kind, definitions included: a day at one record a second
    /// with heart-rate variability and events is under a million.
    public static let messages = 5_000_000
    /// Elements open inside one another in an XML file (GPX nests 7 deep, TCX 9).
    public static let xmlDepth = 100
    /// Bytes of one XML token: a tag with its attributes, a comment, a declaration, or
    /// the text of an element.
    public static let xmlTokenBytes = 1 << 20
    /// Characters of a name kept from a file (an activity's, a track's, a waypoint's): the
    /// server keeps 200 of them; the rest of a longer one is not held.
    public static let nameCharacters = 1_000

    /// A limit as people read it: 500000 as "500,000".
    public static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}

/// What a reader has read so far, checked against `FileLimits` as each thing is added.
struct FileCount {
    private(set) var fixes = 0
    private(set) var segments = 0
    private(set) var laps = 0
    private(set) var sessions = 0
    private(set) var events = 0
    private(set) var messages = 0

    /// Counts one fix (a point of any kind).
    mutating func addFix() throws(ActivityFileError) {
        fixes += 1
        if fixes > FileLimits.fixes { throw Self.over(FileLimits.fixes, "points") }
    }

    /// Counts one track segment.
    mutating func addSegment() throws(ActivityFileError) {
        segments += 1
        if segments > FileLimits.segments { throw Self.over(FileLimits.segments, "track segments") }
    }

    /// Counts one lap.
    mutating func addLap() throws(ActivityFileError) {
        laps += 1
        if laps > FileLimits.laps { throw Self.over(FileLimits.laps, "laps") }
    }

    /// Counts one FIT session.
    mutating func addSession() throws(ActivityFileError) {
        sessions += 1
        if sessions > FileLimits.sessions { throw Self.over(FileLimits.sessions, "sessions") }
    }

    /// Counts one FIT event.
    mutating func addEvent() throws(ActivityFileError) {
        events += 1
        if events > FileLimits.events { throw Self.over(FileLimits.events, "events") }
    }

    /// Counts one FIT message of any kind.
    mutating func addMessage() throws(ActivityFileError) {
        messages += 1
        if messages > FileLimits.messages { throw Self.over(FileLimits.messages, "FIT messages") }
    }

    /// Adds what another part of the same file counted (a GPX file read in pieces).
    mutating func include(_ other: FileCount) throws(ActivityFileError) {
        fixes += other.fixes
        segments += other.segments
        laps += other.laps
        sessions += other.sessions
        events += other.events
        messages += other.messages
        if fixes > FileLimits.fixes { throw Self.over(FileLimits.fixes, "points") }
        if segments > FileLimits.segments { throw Self.over(FileLimits.segments, "track segments") }
    }

    /// The error for a file past `limit` of `things`.
    static func over(_ limit: Int, _ things: String) -> ActivityFileError {
        ActivityFileError(.overLimit, "the file holds more than \(FileLimits.grouped(limit)) \(things), the most one file may hold")
    }

}
