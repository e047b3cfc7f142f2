import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// What is read of segment efforts: a segment's leaderboard, a run's efforts with their
/// personal ranks, a runner's best. Every read counts only efforts of runs the viewer may
/// see (`Privacy`), of segments they may see, and leaves out an effort on a segment that
/// passes through its runner's privacy zones for anyone but that runner (it would tell
/// which way they went there).
enum SegmentBoard {
    /// Which efforts a leaderboard counts.
    struct Filter: Sendable {
        /// Only efforts started this calendar year (UTC).
        var thisYear = false
        /// Only the viewer's and their friends'.
        var friendsOnly = false
    }

    /// The first `limit` places on `segment` (with `path`)'s leaderboard as `viewer` sees it.
    /// - Complexity: one query over the segment's efforts on the (segment_id, elapsed_s)
    ///   index; the database keeps each runner's fastest, so one row per runner comes back.
    static func entries(of segment: Segment, path: SegmentPath, viewer: UUID?, filter: Filter, limit: Int,
                        on database: any Database) async throws -> [Components.Schemas.LeaderboardEntry] {
        var conditions: [SQLQueryString] = [visible(to: viewer)]
        if filter.thisYear { conditions.append("segment_efforts.started_at >= \(bind: UTCYear.start(UTCYear.of(Date())))") }
        if filter.friendsOnly, let viewer {
            conditions.append("(segment_efforts.runner_id = \(bind: viewer) OR segment_efforts.runner_id IN (\(Privacy.friendIDs(of: viewer))))")
        }
        let rows = try await database.sql.raw("""
            SELECT best.run_id, best.runner_id, best.elapsed_s, best.run_date, users.display_name, users.privacy_zones
            FROM (SELECT segment_efforts.run_id, segment_efforts.runner_id, segment_efforts.elapsed_s,
                         segment_efforts.started_at AS run_date,
                         ROW_NUMBER() OVER (PARTITION BY segment_efforts.runner_id
                                            ORDER BY segment_efforts.elapsed_s, segment_efforts.started_at) AS place
                  FROM segment_efforts
                  JOIN runs ON runs.id = segment_efforts.run_id AND runs.deleted_at IS NULL
                  WHERE segment_efforts.segment_id = \(bind: try segment.requireID()) AND \(SQLList(conditions, separator: SQLRaw(" AND ")))) best
            JOIN users ON users.id = best.runner_id
            WHERE best.place = 1
            ORDER BY best.elapsed_s, best.run_date
            """).all()
        return try Leaderboard.ranked(rows, limit: limit) { row, runner in
            if runner == viewer { return true }
            let zones = try zones(row)
            return !path.passes(through: zones)
        }
    }

    /// How many efforts on `segment` (with `path`) `viewer` may see, and by how many runners
    /// (the leaderboard's rows: one a runner).
    static func effortCounts(on segment: Segment, path: SegmentPath, viewer: UUID?, on database: any Database) async throws -> (efforts: Int, runners: Int) {
        let rows = try await database.sql.raw("""
            SELECT segment_efforts.runner_id, users.privacy_zones, COUNT(*) AS efforts
            FROM segment_efforts
            JOIN runs ON runs.id = segment_efforts.run_id AND runs.deleted_at IS NULL
            JOIN users ON users.id = segment_efforts.runner_id
            WHERE segment_efforts.segment_id = \(bind: try segment.requireID()) AND \(visible(to: viewer))
            GROUP BY segment_efforts.runner_id, users.privacy_zones
            """).all()
        return try rows.reduce((efforts: 0, runners: 0)) { total, row in
            let runner = try row.decode(column: "runner_id", as: UUID.self)
            let zones = try zones(row)
            guard runner == viewer || !path.passes(through: zones) else { return total }
            return (total.efforts + (try row.decode(column: "efforts", as: Int.self)), total.runners + 1)
        }
    }

    /// `runner`'s fastest effort on `segment` (they see all of their own).
    static func best(of runner: UUID, on segment: Segment, on database: any Database) async throws -> Components.Schemas.SegmentEffort? {
        let segmentID = try segment.requireID()
        // A deleted run's efforts go with it (`RunDeletion`).
        guard let row = try await SegmentEffortRow.query(on: database)
            .filter(\.$segment.$id == segmentID).filter(\.$runner.$id == runner)
            .sort(\.$elapsedSeconds).sort(\.$startedAt).first() else { return nil }
        return try row.schema(segment: segment, personalRank: 1)
    }

    /// `runner`'s fastest time on each of `segments` they have run.
    static func bests(of runner: UserID, on segments: [SegmentID], on database: any Database) async throws -> [UUID: Double] {
        let rows = try await database.sql.raw("""
            SELECT segment_id, MIN(elapsed_s) AS best FROM segment_efforts
            WHERE runner_id = \(bind: runner.uuid) AND segment_id IN (\(SQLList(segments.map { SQLBind($0.uuid) })))
            GROUP BY segment_id
            """).all()
        return try Dictionary(uniqueKeysWithValues: rows.map {
            (try $0.decode(column: "segment_id", as: UUID.self), try $0.decode(column: "best", as: Double.self))
        })
    }

    /// The efforts of `run` (its owner loaded) that `viewer` may see, in the order run,
    /// each with its place among its runner's efforts on the segment up to its start that
    /// `viewer` may see; for anyone but the owner, where each starts is measured from the
    /// first point of the run outside the owner's zones.
    /// - Complexity: one query; each effort's rank counts on the (segment_id, runner_id, started_at) index;
    ///   the run's track is read when its owner has zones and it has efforts.
    static func efforts(of run: Run, viewer: UUID?, on database: any Database) async throws -> [Components.Schemas.SegmentEffort] {
        let runVisible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "earlier_runs"),
                                           privacy: SQLColumn("privacy", table: "earlier_runs"))
        let segmentVisible = Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "segments"),
                                               privacy: SQLColumn("privacy", table: "segments"))
        let rows = try await database.sql.raw("""
            SELECT segment_efforts.*, segments.name, segments.distance_m, segments.points,
                   (SELECT COUNT(*) FROM segment_efforts earlier
                    JOIN runs earlier_runs ON earlier_runs.id = earlier.run_id AND earlier_runs.deleted_at IS NULL
                    WHERE earlier.segment_id = segment_efforts.segment_id AND earlier.runner_id = segment_efforts.runner_id
                      AND earlier.started_at <= segment_efforts.started_at AND earlier.id <> segment_efforts.id
                      AND (earlier.elapsed_s < segment_efforts.elapsed_s
                           OR (earlier.elapsed_s = segment_efforts.elapsed_s AND earlier.started_at < segment_efforts.started_at))
                      AND \(runVisible)) AS faster
            FROM segment_efforts JOIN segments ON segments.id = segment_efforts.segment_id
            WHERE segment_efforts.run_id = \(bind: try run.requireID()) AND \(segmentVisible)
            ORDER BY segment_efforts.start_elapsed_s
            """).all()
        let zones = run.zones(hiddenFrom: viewer)
        // Where the efforts start, measured from where the viewer first sees the run, as its
        // series is: from its true start, the offsets would tell how much was hidden before.
        var origin: Checkpoint?
        if !zones.isEmpty, !rows.isEmpty {
            try await RunAccess.loadTrack(of: run, on: database)
            guard let shown = try run.checkpoints().firstShown(hiding: zones) else { return [] }
            origin = shown
        }
        return try rows.compactMap { row in
            let segment = Segment()
            segment.id = try row.decode(column: "segment_id", as: UUID.self)
            segment.name = try row.decode(column: "name", as: String.self)
            segment.distanceMeters = try row.decode(column: "distance_m", as: Double.self)
            guard let path = Segment.path(try row.decode(column: "points", as: String.self)),
                  !path.passes(through: zones) else { return nil }
            let effort = try row.decode(model: SegmentEffortRow.self)
            if let origin {
                effort.startElapsedSeconds -= origin.elapsed
                effort.startDistanceMeters -= origin.distance
                effort.endDistanceMeters -= origin.distance
            }
            let rank = try row.decode(column: "faster", as: Int.self) + 1
            return try effort.schema(segment: segment, personalRank: rank)
        }
    }

    /// Efforts of runs `viewer` may see (the query joins `runs`).
    private static func visible(to viewer: UUID?) -> SQLQueryString {
        Privacy.condition(viewer: viewer, owner: SQLColumn("owner_id", table: "runs"), privacy: SQLColumn("privacy", table: "runs"))
    }

    private static func zones(_ row: any SQLRow) throws -> [PrivacyZone] {
        User.privacyZones(stored: try row.decode(column: "privacy_zones", as: String?.self))
    }
}

extension SegmentEffortRow {
    /// The effort as the API shows it; `personalRank` beyond 3 is left out.
    func schema(segment: Segment, personalRank: Int) throws -> Components.Schemas.SegmentEffort {
        .init(id: try requireID().apiID, runId: $run.id.apiID,
              segment: .init(id: try segment.requireID().apiID, name: segment.name, distanceMeters: segment.distanceMeters),
              elapsedSeconds: elapsedSeconds, pausedSeconds: pausedSeconds > 0 ? pausedSeconds : nil, startElapsedSeconds: startElapsedSeconds,
              startDistanceMeters: startDistanceMeters, endDistanceMeters: endDistanceMeters,
              date: startedAt, personalRank: personalRank <= 3 ? personalRank : nil)
    }
}
