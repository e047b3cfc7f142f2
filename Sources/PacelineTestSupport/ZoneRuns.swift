import Foundation
import PacelineCore

/// Three runs of one runner through the privacy zone around their home, as a week holds
/// them: one leaving the door, one coming back to it, one passing 500 m north of it. Each
/// goes along streets with a turn every few hundred metres, as runs do, not in a straight
/// line out of the door; fixes every second at 3 m/s with a phone's GPS wander (3 m). What
/// `HomeEstimate` is tried on, through the API and for every draw of the hidden circle.
public enum ZoneRuns {
    /// The zone's radius, metres: its hidden centre lies 240 to 400 m from the door
    /// (`PrivacyZone.offsets`), and its hidden circle reaches 800 m from it on one side,
    /// 1,280 to 1,600 m on the other; every run goes on well beyond.
    public static let radiusMeters = 800.0

    public enum Kind: String, CaseIterable, Sendable {
        case leavesHome, comesHome, passesBy
    }

    /// The corners of `kind`'s way, metres east and north of the door, in the order run.
    public static func corners(_ kind: Kind) -> [(east: Double, north: Double)] {
        switch kind {
        case .leavesHome:
            [(0, 0), (0, 120), (210, 120), (210, 440), (560, 440), (560, 830), (930, 830), (930, 1_270),
             (1_330, 1_270), (1_330, 2_670), (2_400, 2_670), (2_400, 1_730), (1_870, 1_730)]
        case .comesHome:
            [(-2_000, -2_670), (-2_000, -1_730), (-1_470, -1_730), (-1_470, -1_200), (-1_070, -1_200), (-1_070, -730),
             (-600, -730), (-600, -310), (-160, -310), (-160, 0), (0, 0)]
        case .passesBy:
            [(-3_330, 530), (-1_600, 530), (-1_600, 630), (-400, 630), (-400, 570), (800, 570), (800, 490),
             (1_870, 490), (1_870, 600), (3_330, 600)]
        }
    }

    /// `kind`'s track around `home`, starting at `start`: the same fixes for the same
    /// arguments (the GPS wander is seeded by the kind).
    public static func track(_ kind: Kind, home: Coordinate, start: Date) -> Track {
        let corners = corners(kind)
        var builder = SyntheticTrack(origin: LocalPlane(origin: home).coordinate(x: corners[0].east, y: corners[0].north))
        builder.legs = zip(corners, corners.dropFirst()).map { (east: $1.east - $0.east, north: $1.north - $0.north) }
        builder.horizontalNoise = 3
        builder.start = start
        builder.seed = UInt64(Kind.allCases.firstIndex(of: kind)! + 35)
        return builder.build().track
    }
}
