import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Making segments and finding them: the checks on a new segment, who may see one, and
/// its way as stored.
enum SegmentBook {
    /// The most segments one user may make.
    static let maximumPerUser = 500

    /// A new segment of `owner`'s from the stretch `from`…`to` metres along `run` (theirs,
    /// its owner loaded), with `name` and `privacy`: 400 for a bad name or stretch, 422
    /// when a segment others may see would pass through one of the owner's privacy zones.
    static func segment(from run: Run, checkpoints: [Checkpoint], from: Double, to: Double,
                        name: String, privacy: Privacy) throws -> (Segment, SegmentPath) {
        let name = try TextInput.checked(name, "name", .name).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw Refusal.invalid("`name` is empty: name the segment") }
        let path: SegmentPath
        do { path = try SegmentPath(stretchOf: checkpoints, from: from, to: to) } catch {
            throw Refusal.invalid("`startDistanceMeters` and `endDistanceMeters`: \(error)")
        }
        if privacy != .private, path.passes(through: run.owner.privacyZones) {
            throw Refusal(.unprocessable, code: "in_privacy_zone",
                           message: "the stretch passes through one of your privacy zones: keep the segment private, or pick a stretch outside them")
        }
        let segment = Segment()
        segment.$owner.id = run.$owner.id
        segment.name = name
        segment.sport = run.sport
        segment.privacy = privacy
        segment.distanceMeters = path.length
        segment.startLatitude = path.start.latitude
        segment.startLongitude = path.start.longitude
        segment.endLatitude = path.end.latitude
        segment.endLongitude = path.end.longitude
        segment.startCell = SegmentCell.key(of: path.start)
        segment.endCell = SegmentCell.key(of: path.end)
        segment.points = HeatLine.encode(path.points)
        return (segment, path)
    }

    /// The segment `id` names, if `viewer` may see it (its privacy); 404 otherwise.
    static func visibleSegment(_ id: String, to viewer: UUID?, on database: any Database) async throws -> Segment {
        guard let uuid = UUID(uuidString: id),
              let segment = try await Segment.query(on: database).filter(\.$id == uuid).with(\.$owner).first(),
              try await Privacy.allows(viewer, toSee: segment.$owner.id, privacy: segment.privacy, on: database)
        else { throw Refusal.notFound("segment") }
        return segment
    }
}

extension Segment {
    /// The segment's way, from `points`; nil if what is stored is not a way (never made so).
    func path() -> SegmentPath? {
        Self.path(points)
    }

    /// The way `points` (as `segments.points` keeps it) describes, as stored: its limits
    /// were checked when it was made, before rounding.
    static func path(_ points: String) -> SegmentPath? {
        HeatLine.decode(points).flatMap { SegmentPath(stored: $0) }
    }

    /// The way as `viewer` may see it: without the points inside its maker's privacy zones
    /// (those they set since it was made) for anyone but its maker. The owner must be loaded.
    func points(seenBy viewer: UUID?, path: SegmentPath) -> [Coordinate] {
        viewer == $owner.id ? path.points : path.points.filter { !owner.privacyZones.hide($0) }
    }
}

extension SegmentPath {
    /// Whether any of its points lies in one of `zones`: an effort on it by someone with
    /// those zones would tell which way they went there, so it is shown to them alone.
    func passes(through zones: [PrivacyZone]) -> Bool {
        !zones.isEmpty && points.contains { zones.hide($0) }
    }
}
