import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Matching runs to segments (`SegmentMatcher` in the core) and keeping their efforts.
///
/// A new run is matched against the segments of its sport that its owner may see and that
/// start and end in cells its way passes (`SegmentCell`): an index lookup on
/// `segments (start_cell, sport)`, so the cost follows the segments near the run, never
/// all of them, and only segments whose both ends it passes are read whole. A new segment is matched against its maker's runs of its sport whose
/// heat-map line passes both its gates.
package enum SegmentMatching {
    /// A segment as matching needs it.
    package struct Candidate: Sendable {
        package var id: UUID
        /// The way as stored (`SegmentPath.points`).
        package var points: [Coordinate]
    }

    /// Stores the efforts of `run` (created already, in `database`'s transaction) on the
    /// segments it passed.
    static func record(_ run: Run, checkpoints: [Checkpoint], on database: any Database) async throws {
        let matcher = SegmentMatcher(run: checkpoints)
        let candidates = try await candidates(near: matcher.cellKeys, sport: run.sport, seenBy: run.$owner.id, on: database)
        var breaks: [ClosedRange<Double>]?  // read from the track once an effort needs them
        for candidate in candidates {
            for effort in matcher.efforts(along: candidate.points) {
                if breaks == nil { breaks = Self.breaks(of: run) }
                try await row(of: effort, on: candidate.id, by: run, breaks: breaks ?? []).create(on: database)
            }
        }
    }

    /// Replaces `run`'s efforts with those on the segments of its sport now (after a new
    /// sport), found on `checkpoints`, as `RunRecorder.remeasure` measured them.
    static func rematch(_ run: Run, checkpoints: [Checkpoint]?, on database: any Database) async throws {
        try await SegmentEffortRow.query(on: database).filter(\.$run.$id == run.requireID()).delete()
        if let checkpoints {
            try await record(run, checkpoints: checkpoints, on: database)
        }
    }

    /// The segments of `sport` that `viewer` may see and that start and end in the cells `keys`.
    /// - Complexity: one query on the `segments_start_cell` index.
    package static func candidates(near keys: Set<Int64>, sport: Sport, seenBy viewer: UUID,
                           on database: any Database) async throws -> [Candidate] {
        guard !keys.isEmpty else { return [] }
        let visible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "segments"),
                                        privacy: SQLColumn("privacy", table: "segments"))
        // The keys are integers the server computed: written as literals, no bind limit.
        let list = keys.sorted().map(String.init).joined(separator: ",")
        let rows = try await database.sql.raw("""
            SELECT id, points FROM segments
            WHERE start_cell IN (\(unsafeRaw: list)) AND end_cell IN (\(unsafeRaw: list)) AND sport = \(bind: sport.rawValue) AND \(visible)
            """).all()
        // A row whose way can't be read (never written so) is passed over, not a failed upload.
        return rows.compactMap { row in
            guard let id = try? row.decode(column: "id", as: UUID.self),
                  let points = (try? row.decode(column: "points", as: String.self)).flatMap(HeatLine.decode), points.count >= 2
            else { return nil }
            return Candidate(id: id, points: points)
        }
    }

    /// The most of its maker's runs a new segment is matched against, newest first: each
    /// costs its track read and measured, in the request that makes the segment.
    static let ownRunsMatched = 100

    /// Stores the efforts on `segment` (just made, with `path`) of its maker's runs of its
    /// sport, whose heat-map lines pass within reach of both its gates: the newest
    /// `ownRunsMatched` of them.
    /// - Complexity: one read of the maker's runs' lines; tracks are decoded only for the
    ///   runs that pass both gates.
    static func recordOwnRuns(on segment: Segment, path: SegmentPath, on database: any Database) async throws {
        let segmentID = try segment.requireID()
        let runs = try await Run.query(on: database).filter(\.$owner.$id == segment.$owner.id)
            .filter(\.$sport == segment.sport).filter(\.$startTime != nil)
            .sort(\.$startTime, .descending).field(\.$id).field(\.$heatLines).all()
        // A heat line is simplified to within 10 m: a gate's reach plus that.
        let reach = SegmentMatcher.Configuration().gateRadius + 10
        let passing = runs.lazy.filter { passes($0.heatLines, near: [path.start, path.end], within: reach) }.prefix(ownRunsMatched)
        for candidate in passing {
            guard let run = try await Run.find(candidate.id, on: database), let activity = try? run.activity(),
                  let checkpoints = try? Normalization.checkpoints(of: activity) else { continue }
            let breaks = activity.track.breaks
            for effort in SegmentMatcher(run: checkpoints).efforts(on: path) {
                try await row(of: effort, on: segmentID, by: run, breaks: breaks).create(on: database)
            }
        }
    }

    /// Whether the heat lines `encoded` (`Run.heatLines`) pass within `meters` of every one of `points`.
    static func passes(_ encoded: [String]?, near points: [Coordinate], within meters: Double) -> Bool {
        guard let encoded else { return false }
        let lines = encoded.compactMap(HeatLine.decode)
        return points.allSatisfy { point in
            lines.contains { line in
                line.count == 1 ? Geodesy.distance(line[0], point) <= meters
                    : zip(line, line.dropFirst()).contains { Geodesy.projection(of: point, ontoStepFrom: $0, to: $1).meters <= meters }
            }
        }
    }

    /// Where `run`'s recording paused (`Track.breaks`), on the clock its checkpoints keep.
    private static func breaks(of run: Run) -> [ClosedRange<Double>] {
        (try? run.activity())?.track.breaks ?? []
    }

    private static func row(of effort: SegmentEffort, on segment: UUID, by run: Run, breaks: [ClosedRange<Double>]) throws -> SegmentEffortRow {
        let row = SegmentEffortRow()
        row.$segment.id = segment
        row.$run.id = try run.requireID()
        row.$runner.id = run.$owner.id
        row.elapsedSeconds = effort.elapsedSeconds
        row.startElapsedSeconds = effort.startElapsed
        row.startDistanceMeters = effort.startDistance
        row.endDistanceMeters = effort.endDistance
        row.pausedSeconds = effort.pausedSeconds(in: breaks)
        row.startedAt = (run.startTime ?? Date()).addingTimeInterval(effort.startElapsed)
        return row
    }
}
