/// One pass of a run over a segment: from its start gate to its end gate.
public struct SegmentEffort: Sendable, Hashable {
    /// When the run passed the start gate: seconds since the run's first fix.
    public var startElapsed: Double
    /// When it passed the end gate: seconds since the run's first fix.
    public var endElapsed: Double
    /// Metres along the run at the start gate.
    public var startDistance: Double
    /// Metres along the run at the end gate.
    public var endDistance: Double

    /// The effort's time: from gate to gate, stops included, as a segment is raced.
    public var elapsedSeconds: Double { endElapsed - startElapsed }

    /// The seconds of the effort that fall in `breaks` (the run's, `Track.breaks`): its
    /// time holds them, as a segment is raced, and a page says so.
    public func pausedSeconds(in breaks: [ClosedRange<Double>]) -> Double {
        breaks.reduce(0) { $0 + max(0, min($1.upperBound, endElapsed) - max($1.lowerBound, startElapsed)) }
    }

    public init(startElapsed: Double, endElapsed: Double, startDistance: Double, endDistance: Double) {
        self.startElapsed = startElapsed
        self.endElapsed = endElapsed
        self.startDistance = startDistance
        self.endDistance = endDistance
    }
}
