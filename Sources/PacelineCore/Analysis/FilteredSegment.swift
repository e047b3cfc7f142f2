import Foundation

/// The fixes of one segment that passed `FixFilter`, reduced to what the statistics
/// use and stored as columns: a long track is analysed without copying its fixes.
public struct FilteredSegment: Sendable, Hashable {
    /// Where each kept fix was (every kept fix has a position).
    public private(set) var coordinates: [Coordinate] = []
    /// When each kept fix was taken, seconds since 1970; nil when any of them has no
    /// time (or its segment's clock was broken), which makes the segment untimed.
    public var times: [Double]? { isTimed ? timeColumn : nil }
    /// The elevation of each kept fix, if it has one.
    public private(set) var elevations: [Double?] = []
    /// Where each kept fix is in `Track.fixes` (every segment's fixes in order), as
    /// `FixFilter` records it; empty for a segment built without sources.
    public private(set) var sources: [Int] = []
    /// The device's own odometer at each kept fix (FIT record and TCX trackpoint
    /// distance), metres; nil unless every kept fix has one and they never decrease.
    public var deviceDistances: [Double]? { hasOdometer && !odometerColumn.isEmpty ? odometerColumn : nil }

    /// What the device had counted, and when, at the first timed record of the track when
    /// that came before this segment's first fix (records before the GPS found itself):
    /// set by `FixFilter` on the first segment it keeps, for `TrackProfile` to count from.
    public var countedFrom: (reading: Double, time: Double)? {
        get { countStart.map { ($0.reading, $0.time) } }
        set { countStart = newValue.map { Count(reading: $0.reading, time: $0.time) } }
    }

    /// A device's reading and its time (a struct, so the segment stays `Hashable`).
    private struct Count: Sendable, Hashable {
        var reading: Double
        var time: Double
    }

    private var countStart: Count?
    private var timeColumn: [Double] = []
    private var isTimed = true
    private var odometerColumn: [Double] = []
    private var hasOdometer = true

    /// Number of kept fixes.
    public var count: Int { coordinates.count }

    public var isEmpty: Bool { coordinates.isEmpty }

    /// An empty segment with room for `capacity` fixes.
    public init(capacity: Int = 0) {
        coordinates.reserveCapacity(capacity)
        timeColumn.reserveCapacity(capacity)
        elevations.reserveCapacity(capacity)
    }

    /// Appends a kept fix; `time` is nil when the fix has none or it is not trusted;
    /// `deviceDistance` is the device's odometer there, if the file has one.
    public mutating func append(_ coordinate: Coordinate, time: Date?, elevation: Double?, deviceDistance: Double? = nil, source: Int? = nil) {
        coordinates.append(coordinate)
        if let source { sources.append(source) }
        elevations.append(elevation)
        if let time, isTimed {
            timeColumn.append(time.timeIntervalSince1970)
        } else if isTimed {
            isTimed = false
            timeColumn = []
        }
        if hasOdometer, let deviceDistance, deviceDistance >= (odometerColumn.last ?? 0) {
            odometerColumn.append(deviceDistance)
        } else if hasOdometer {
            hasOdometer = false
            odometerColumn = []
        }
    }
}
