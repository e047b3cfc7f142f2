/// The fixes of one activity, in segments: a pause, a gap or a new `<trkseg>`
/// starts a new segment. Distance is never counted across a segment break.
public struct Track: Sendable, Hashable {
    /// Segments in recording order; a segment may be empty when the file had one.
    public var segments: [[Fix]]

    public init(segments: [[Fix]] = []) {
        self.segments = segments
    }

    /// Every fix of every segment, in order.
    public var fixes: [Fix] { segments.flatMap { $0 } }

    /// Number of fixes in all segments.
    public var fixCount: Int { segments.reduce(0) { $0 + $1.count } }
}
