import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func createSegment(_ input: Operations.CreateSegment.Input) async throws -> Operations.CreateSegment.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let run = try await RunAccess.ownedRun(body.runId, by: user.id, on: database)
        guard !run.isVirtual else { throw Refusal.unprocessable(RunAccess.virtualWorld) }
        let (segment, path) = try SegmentBook.segment(
            from: run, checkpoints: try run.checkpoints(), from: body.startDistanceMeters, to: body.endDistanceMeters,
            name: body.name, privacy: body.privacy ?? .private)
        try await database.lockingUser(user.id) { transaction in
            let count = try await Segment.query(on: transaction).filter(\.$owner.$id == user.id).count()
            guard count < SegmentBook.maximumPerUser else {
                throw Refusal(.conflict, code: "too_many_segments",
                               message: "keep at most \(SegmentBook.maximumPerUser) segments: delete one first")
            }
            try await segment.create(on: transaction)
            try await SegmentMatching.recordOwnRuns(on: segment, path: path, on: transaction)
        }
        segment.$owner.value = run.owner
        return .created(.init(body: .json(try await segmentSchema(segment, path: path, viewer: user.id))))
    }

    func listMySegments(_ input: Operations.ListMySegments.Input) async throws -> Operations.ListMySegments.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await segments(of: user.id))))
    }

    /// The segments `user` made, newest first.
    func segments(of user: UUID) async throws -> Components.Schemas.SegmentList {
        let segments = try await Segment.query(on: reads).filter(\.$owner.$id == user)
            .sort(\.$createdAt, .descending).sort(\.$id).all()
        return .init(segments: try segments.map { segment in
            .init(id: try segment.requireID().apiID, name: segment.name, sport: segment.sport, privacy: segment.privacy,
                  distanceMeters: segment.distanceMeters, createdAt: segment.createdAt ?? Date())
        })
    }

    func listSegmentsNear(_ input: Operations.ListSegmentsNear.Input) async throws -> Operations.ListSegmentsNear.Output {
        let viewport = try Viewport(bbox: input.query.bbox)
        let segments = try await SegmentsNear.segments(in: viewport, sport: input.query.sport,
                                                       viewer: AuthenticatedUser.current?.id, on: reads)
        return .ok(.init(body: .json(.init(segments: segments))))
    }

    func getSegment(_ input: Operations.GetSegment.Input) async throws -> Operations.GetSegment.Output {
        let viewer = AuthenticatedUser.current?.id
        let segment = try await SegmentBook.visibleSegment(input.path.segmentId, to: viewer, on: reads)
        guard let path = segment.path() else { throw Refusal.notFound("segment") }
        return .ok(.init(body: .json(try await segmentSchema(segment, path: path, viewer: viewer))))
    }

    func deleteSegment(_ input: Operations.DeleteSegment.Input) async throws -> Operations.DeleteSegment.Output {
        let user = try AuthenticatedUser.required()
        guard let id = UUID(uuidString: input.path.segmentId),
              let segment = try await Segment.find(id, on: database), segment.$owner.id == user.id
        else { throw Refusal.notFound("segment") }
        try await database.retryingTransaction { transaction in
            try await SegmentEffortRow.query(on: transaction).filter(\.$segment.$id == id).delete()
            try await segment.delete(on: transaction)
        }
        return .noContent(.init())
    }

    func getSegmentLeaderboard(_ input: Operations.GetSegmentLeaderboard.Input) async throws -> Operations.GetSegmentLeaderboard.Output {
        let viewer = AuthenticatedUser.current?.id
        let segment = try await SegmentBook.visibleSegment(input.path.segmentId, to: viewer, on: reads)
        let period = input.query.period ?? .all, scope = input.query.scope ?? .everyone
        if scope == .friends, viewer == nil { throw Refusal.unauthenticated("log in to see your friends' places") }
        let filter = SegmentBoard.Filter(thisYear: period == .year, friendsOnly: scope == .friends)
        guard let path = segment.path() else { throw Refusal.notFound("segment") }
        let entries = try await SegmentBoard.entries(of: segment, path: path, viewer: viewer, filter: filter,
                                                     limit: try Paging.limit(input.query.limit), on: reads)
        return .ok(.init(body: .json(.init(segmentId: try segment.requireID().apiID, period: period,
                                           scope: scope, entries: entries))))
    }

    func getRunSegmentEfforts(_ input: Operations.GetRunSegmentEfforts.Input) async throws -> Operations.GetRunSegmentEfforts.Output {
        let viewer = AuthenticatedUser.current?.id
        let run = try await RunAccess.visibleRun(input.path.runId, to: viewer, on: reads, withTrack: false)
        let efforts = try await SegmentBoard.efforts(of: run, viewer: viewer, on: reads)
        return .ok(.init(body: .json(.init(runId: try run.requireID().apiID, efforts: efforts))))
    }

    /// `segment` (its owner loaded) as `viewer` sees it.
    private func segmentSchema(_ segment: Segment, path: SegmentPath, viewer: UUID?) async throws -> Components.Schemas.Segment {
        var best: Components.Schemas.SegmentEffort?
        if let viewer { best = try await SegmentBoard.best(of: viewer, on: segment, on: reads) }
        let counts = try await SegmentBoard.effortCounts(on: segment, path: path, viewer: viewer, on: reads)
        return .init(id: try segment.requireID().apiID, name: segment.name,
              owner: .init(id: segment.$owner.id.apiID, displayName: segment.owner.displayName),
              sport: segment.sport, privacy: segment.privacy, distanceMeters: segment.distanceMeters,
              path: segment.points(seenBy: viewer, path: path).map { .init(latitude: $0.latitude, longitude: $0.longitude) },
              createdAt: segment.createdAt ?? Date(),
              effortCount: counts.efforts, runnerCount: counts.runners,
              yourBest: best)
    }
}
