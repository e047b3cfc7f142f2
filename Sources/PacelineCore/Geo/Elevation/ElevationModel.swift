/// Heights from a digital elevation model (`ElevationTile`s of SRTM or Copernicus, that an
/// operator imports) for activities whose own elevations come from satellites: a phone's
/// GPS altitude wanders by metres a fix, and its ascent counts the wander (three 40 m hills
/// with 2 m of noise a fix read as 184 m of ascent). The model's height under each
/// position is the ground's, the same on every run of a road, as Strava and FitTrackee
/// take it. An altimeter's elevations (`Activity.hasBarometricElevation`) and a device's own
/// ascent total stay as they are.
public struct ElevationModel: Sendable {
    private let tiles: [String: ElevationTile]

    public init(tiles: [ElevationTile]) {
        self.tiles = Dictionary(tiles.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The model's height at `coordinate`, nil off its tiles.
    public func elevation(at coordinate: Coordinate) -> Double? {
        tiles[ElevationTile.name(holding: coordinate)]?.elevation(at: coordinate)
    }

    /// Whether `activity` takes its elevations from a model: it has positions on the Earth
    /// (not a virtual world's) and neither an altimeter's elevations nor the device's own ascent.
    public static func applies(to activity: Activity) -> Bool {
        !activity.hasBarometricElevation && !activity.isVirtual && activity.deviceTotals?.ascentMeters == nil
            && activity.track.segments.contains { $0.contains { $0.coordinate != nil } }
    }

    /// The names of the tiles `activity`'s positions lie on.
    /// - Complexity: O(n) in its fixes.
    public static func tileNames(for activity: Activity) -> Set<String> {
        var names = Set<String>()
        for segment in activity.track.segments {
            for case let coordinate? in segment.lazy.map(\.coordinate) { names.insert(ElevationTile.name(holding: coordinate)) }
        }
        return names
    }

    /// `activity` with the model's height at each of its positions (`Activity.elevationFromModel`), when it takes its elevations from a model (`applies(to:)`) and the model
    /// has a height under every one of its positions; nil otherwise (a run half off the
    /// tiles imported keeps its own elevations rather than mixing two kinds).
    /// - Complexity: O(n) in its fixes.
    public func elevations(for activity: Activity) -> Activity? {
        guard Self.applies(to: activity) else { return nil }
        var modelled = activity
        for (s, segment) in activity.track.segments.enumerated() {
            for (f, fix) in segment.enumerated() {
                guard let coordinate = fix.coordinate else { continue }
                guard let height = elevation(at: coordinate) else { return nil }
                modelled.track.segments[s][f].elevation = height
            }
        }
        modelled.elevationFromModel = true
        return modelled
    }
}
