import PacelineAPI

extension APIHandler {
    func createSegment(_ input: Operations.CreateSegment.Input) async throws -> Operations.CreateSegment.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let segment = try await SegmentBook.create(from: body.runId, by: user.id, from: body.startDistanceMeters, to: body.endDistanceMeters,
                                                   name: body.name, privacy: body.privacy ?? .private, on: database, reads: reads)
        return .created(.init(body: .json(segment)))
    }

    func listMySegments(_ input: Operations.ListMySegments.Input) async throws -> Operations.ListMySegments.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await SegmentBook.list(of: user.id, on: reads))))
    }

    func listSegmentsNear(_ input: Operations.ListSegmentsNear.Input) async throws -> Operations.ListSegmentsNear.Output {
        let viewport = try Viewport(bbox: input.query.bbox)
        let segments = try await SegmentsNear.segments(in: viewport, sport: input.query.sport,
                                                       viewer: AuthenticatedUser.current?.id, on: reads)
        return .ok(.init(body: .json(.init(segments: segments))))
    }

    func getSegment(_ input: Operations.GetSegment.Input) async throws -> Operations.GetSegment.Output {
        let segment = try await SegmentBook.detail(input.path.segmentId, seenBy: AuthenticatedUser.current?.id, on: reads)
        return .ok(.init(body: .json(segment)))
    }

    func deleteSegment(_ input: Operations.DeleteSegment.Input) async throws -> Operations.DeleteSegment.Output {
        let user = try AuthenticatedUser.required()
        try await SegmentBook.delete(input.path.segmentId, by: user.id, on: database)
        return .noContent(.init())
    }

    func getSegmentLeaderboard(_ input: Operations.GetSegmentLeaderboard.Input) async throws -> Operations.GetSegmentLeaderboard.Output {
        let period = input.query.period ?? .all, scope = input.query.scope ?? .everyone
        let (segmentID, entries) = try await SegmentBook.leaderboard(
            of: input.path.segmentId, seenBy: AuthenticatedUser.current?.id,
            SegmentBoard.Filter(thisYear: period == .year, friendsOnly: scope == .friends), limit: input.query.limit, on: reads)
        return .ok(.init(body: .json(.init(segmentId: segmentID.apiID, period: period, scope: scope, entries: entries))))
    }

    func getRunSegmentEfforts(_ input: Operations.GetRunSegmentEfforts.Input) async throws -> Operations.GetRunSegmentEfforts.Output {
        let (runID, efforts) = try await SegmentBook.efforts(ofRun: input.path.runId, seenBy: AuthenticatedUser.current?.id, on: reads)
        return .ok(.init(body: .json(.init(runId: runID.apiID, efforts: efforts))))
    }
}
