/// Who may travel along an OpenStreetMap way, and which way: what `WayAccess(tags:)` reads
/// of its tags (`highway`, `access`, `foot`, `bicycle`, `oneway`, `junction`,
/// `oneway:bicycle`, `cycleway`). docs/ALGORITHMS.md, "Ways a person may take".
///
/// ```swift
/// WayAccess(tags: ["highway": "residential", "oneway": "yes"])  // [.foot, .bikeForward]
/// WayAccess(tags: ["highway": "steps"])                         // [.foot]
/// WayAccess(tags: ["highway": "motorway"])                      // []
/// ```
public struct WayAccess: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Walkers and runners, in both directions (one-way streets bind vehicles only).
    public static let foot = WayAccess(rawValue: 1)
    /// Bikes in the way's own direction (from its first node to its last).
    public static let bikeForward = WayAccess(rawValue: 2)
    /// Bikes against the way's direction.
    public static let bikeBackward = WayAccess(rawValue: 4)

    /// The tags `init(tags:)` reads: a reader of an extract need keep no others.
    public static let keys: Set<String> = ["highway", "access", "foot", "bicycle", "oneway", "junction", "oneway:bicycle", "cycleway", "area"]

    /// Highways open to walkers unless their tags say otherwise.
    static let walkable: Set<String> = [
        "footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified", "road",
        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "track", "bridleway", "cycleway",
    ]
    /// Highways open to bikes unless their tags say otherwise.
    static let bikeable: Set<String> = [
        "cycleway", "path", "residential", "living_street", "service", "unclassified", "road",
        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "track",
    ]
    /// Highways nobody may take unless `foot=`/`bicycle=` opens them: motor roads.
    static let motorRoads: Set<String> = ["motorway", "motorway_link", "trunk", "trunk_link"]
    /// Values of `access`, `foot` or `bicycle` that let a person through.
    static let open: Set<String> = ["yes", "designated", "permissive", "official", "destination"]
    /// Values that keep them out.
    static let closed: Set<String> = ["no", "private", "use_sidepath", "dismount"]

    /// Who may travel `tags`' way: nobody (empty) for anything but a highway a person may take.
    /// - Complexity: O(1).
    public init(tags: [String: String]) {
        guard let highway = tags["highway"], tags["area"] != "yes" || highway == "pedestrian" else { self = []; return }
        let general = tags["access"].map { Self.closed.contains($0) ? false : Self.open.contains($0) ? true : nil } ?? nil
        func allowed(_ key: String, byDefault: Bool) -> Bool {
            if let own = tags[key] {
                if Self.open.contains(own) { return true }
                if Self.closed.contains(own) { return false }
            }
            if general == false { return false }
            return byDefault
        }
        var access: WayAccess = []
        let motorRoad = Self.motorRoads.contains(highway)
        if allowed("foot", byDefault: !motorRoad && Self.walkable.contains(highway)) { access.insert(.foot) }
        if allowed("bicycle", byDefault: !motorRoad && Self.bikeable.contains(highway)) {
            switch Self.oneway(tags) {
            case 1: access.insert(.bikeForward)
            case -1: access.insert(.bikeBackward)
            default: access.formUnion([.bikeForward, .bikeBackward])
            }
        }
        self = access
    }

    /// 1 when bikes may go only forward, -1 only backward, 0 both ways.
    private static func oneway(_ tags: [String: String]) -> Int {
        if tags["oneway:bicycle"] == "no" || tags["cycleway"]?.hasPrefix("opposite") == true { return 0 }
        switch tags["oneway"] {
        case "yes", "true", "1": return 1
        case "-1", "reverse": return -1
        case "no", "false", "0": return 0
        default: return tags["junction"] == "roundabout" || tags["junction"] == "circular" ? 1 : 0
        }
    }

    /// Whether `mode` may go along the way forward (from its first point to its last), or backward.
    @inline(__always)
    public func allows(_ mode: TravelMode, forward: Bool) -> Bool {
        switch mode {
        case .foot: contains(.foot)
        case .bike: contains(forward ? .bikeForward : .bikeBackward)
        }
    }

    /// Whether `mode` may go along the way at all.
    @inline(__always)
    public func allows(_ mode: TravelMode) -> Bool { allows(mode, forward: true) || allows(mode, forward: false) }
}
