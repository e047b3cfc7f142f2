import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension SegmentBook {
    /// The segments `user` made, newest first.
    static func list(of user: UUID, on database: any Database) async throws -> Components.Schemas.SegmentList {
        let segments = try await Segment.query(on: database).filter(\.$owner.$id == user)
            .sort(\.$createdAt, .descending).sort(\.$id).all()
        return .init(segments: try segments.map { segment in
            .init(id: try segment.requireID().apiID, name: segment.name, sport: segment.sport, privacy: segment.privacy,
                  distanceMeters: segment.distanceMeters, createdAt: segment.createdAt ?? Date())
        })
    }

    /// The segment `id` names as `viewer` sees it, with its efforts and the viewer's best;
    /// 404 unless they may see it (`visibleSegment`).
    static func detail(_ id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.Segment {
        let segment = try await visibleSegment(id, to: viewer, on: database)
        guard let path = segment.path() else { throw Refusal.notFound("segment") }
        return try await schema(of: segment, path: path, viewer: viewer, on: database)
    }

    /// The first places on segment `id`'s leaderboard as `viewer` sees it (`SegmentBoard.entries`),
    /// `limit` of them (`Paging.limit`), and the segment's id: 404 unless they may see it,
    /// then 401 for friends' places asked by nobody logged in, then 400 for a bad `limit`.
    static func leaderboard(of id: String, seenBy viewer: UUID?, _ filter: SegmentBoard.Filter, limit: Int?,
                            on database: any Database) async throws -> (segmentID: UUID, entries: [Components.Schemas.LeaderboardEntry]) {
        let segment = try await visibleSegment(id, to: viewer, on: database)
        if filter.friendsOnly, viewer == nil { throw Refusal.unauthenticated("log in to see your friends' places") }
        guard let path = segment.path() else { throw Refusal.notFound("segment") }
        let entries = try await SegmentBoard.entries(of: segment, path: path, viewer: viewer, filter: filter,
                                                     limit: try Paging.limit(limit), on: database)
        return (try segment.requireID(), entries)
    }

    /// The segment efforts of run `runID` as `viewer` sees them (`SegmentBoard.efforts`),
    /// and the run's id; 404 unless they may see the run.
    static func efforts(ofRun runID: String, seenBy viewer: UUID?,
                        on database: any Database) async throws -> (runID: UUID, efforts: [Components.Schemas.SegmentEffort]) {
        let run = try await RunAccess.visibleRun(runID, to: viewer, on: database, withTrack: false)
        let efforts = try await SegmentBoard.efforts(of: run, viewer: viewer, on: database)
        return (try run.requireID(), efforts)
    }

    /// `segment` (its owner loaded) as `viewer` sees it.
    static func schema(of segment: Segment, path: SegmentPath, viewer: UUID?, on database: any Database) async throws -> Components.Schemas.Segment {
        var best: Components.Schemas.SegmentEffort?
        if let viewer { best = try await SegmentBoard.best(of: viewer, on: segment, on: database) }
        let counts = try await SegmentBoard.effortCounts(on: segment, path: path, viewer: viewer, on: database)
        return .init(id: try segment.requireID().apiID, name: segment.name,
              owner: .init(id: segment.$owner.id.apiID, displayName: segment.owner.displayName),
              sport: segment.sport, privacy: segment.privacy, distanceMeters: segment.distanceMeters,
              path: segment.points(seenBy: viewer, path: path).map { .init(latitude: $0.latitude, longitude: $0.longitude) },
              createdAt: segment.createdAt ?? Date(),
              effortCount: counts.efforts, runnerCount: counts.runners,
              yourBest: best)
    }
}
