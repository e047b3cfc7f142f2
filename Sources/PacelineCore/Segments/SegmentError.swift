/// Why a stretch cannot be a segment.
public enum SegmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stretch is shorter than `SegmentPath.minimumLength`.
    case tooShort(meters: Double)
    /// The stretch is longer than `SegmentPath.maximumLength`.
    case tooLong(meters: Double)
    /// The stretch does not lie within the activity (its start after its end, or past the activity's end).
    case outsideActivity

    public var description: String {
        switch self {
        case .tooShort(let meters):
            "the stretch is \(Int(meters.rounded())) m; a segment is at least \(Int(SegmentPath.minimumLength)) m"
        case .tooLong(let meters):
            "the stretch is \(Self.kilometres(meters)) km; a segment is at most \(Self.kilometres(SegmentPath.maximumLength)) km"
        case .outsideActivity:
            "the stretch must start before it ends, within the activity"
        }
    }

    private static func kilometres(_ meters: Double) -> String {
        String(Double((meters / 100).rounded()) / 10)
    }
}
