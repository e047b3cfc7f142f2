/// Why a track cannot serve as a pace or a follow run.
public enum PacingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No fix with both a position and a time survived filtering.
    case noTimedPositions
    /// The track covers less than one checkpoint spacing.
    case tooShort(meters: Double)

    public var description: String {
        switch self {
        case .noTimedPositions: "the track has no fixes with both a position and a time"
        case .tooShort(let meters): "the track covers only \(Int(meters.rounded())) m, too short to pace"
        }
    }
}
