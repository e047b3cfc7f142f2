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
        guard !name.isEmpty else { throw APIError.badRequest("`name` is empty: name the segment") }
        let path: SegmentPath
        do { path = try SegmentPath(stretchOf: checkpoints, from: from, to: to) } catch {
            throw APIError.badRequest("`startDistanceMeters` and `endDistanceMeters`: \(error)")
        }
        let zones = run.owner.privacyZones
        if privacy != .private, path.points.contains(where: { zones.hide($0) }) {
            throw APIError(status: .unprocessableContent, code: "in_privacy_zone",
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
        else { throw APIError.notFound("segment") }
        return segment
    }
}

extension Segment {
    /// The segment's way, from `points`.
    func path() throws -> SegmentPath {
        try Self.path(points)
    }

    /// The way `points` (as `segments.points` keeps it) describes.
    static func path(_ points: String) throws -> SegmentPath {
        guard let coordinates = HeatLine.decode(points) else { throw SegmentError.tooShort(meters: 0) }
        return try SegmentPath(points: coordinates)
    }

    /// Whether an effort by someone with `zones` starts or ends inside one of them: such an
    /// effort is shown to its runner alone.
    func startsOrEnds(in zones: [PrivacyZone]) -> Bool {
        !zones.isEmpty && (zones.hide(Coordinate(latitude: startLatitude, longitude: startLongitude))
                           || zones.hide(Coordinate(latitude: endLatitude, longitude: endLongitude)))
    }
}
