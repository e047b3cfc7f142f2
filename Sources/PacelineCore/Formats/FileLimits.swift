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
