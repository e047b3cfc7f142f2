import Fluent
import Foundation
import HTTPTypes
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listRuns(_ input: Operations.ListRuns.Input) async throws -> Operations.ListRuns.Output {
        let user = try AuthenticatedUser.required()
        let limit = try Paging.limit(input.query.limit)
        var query = Run.query(on: reads).withoutTrack().filter(\.$owner.$id == user.id).with(\.$owner)
            .sort(\.$startTime, .descending).sort(\.$id, .descending).limit(limit + 1)
        var deletedIDs: [String] = []
        if let since = input.query.updatedSince {
            query = query.filter(\.$updatedAt > since)
            deletedIDs = try await Run.query(on: reads).withDeleted().filter(\.$owner.$id == user.id)
                .filter(\.$deletedAt > since).all(\.$id).map { $0.apiID }
        }
        if let cursor = input.query.cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: Run.schema, timeColumn: "start_time"))
        }
        let (runs, next) = try Paging.page(try await query.all(), limit: limit) { run in
            try run.startTime.map { Paging.encode(time: $0, id: try run.requireID()) }
        }
        let page = Components.Schemas.RunPage(runs: runs.map(\.schema), deletedIds: deletedIDs, nextCursor: next)
        let tag = try ETag.of(page)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .json(page)))
    }

    func getRun(_ input: Operations.GetRun.Input) async throws -> Operations.GetRun.Output {
        let viewer = AuthenticatedUser.current?.id
        let run = try await RunAccess.visibleRun(input.path.runId, to: viewer, on: reads, withTrack: false)
        var schema = run.schema(seenBy: viewer)
        let sensors = try run.sensorSummary()
        (schema.heartRate, schema.cadence, schema.power) = (sensors.heartRate?.schema, sensors.cadence?.schema, sensors.power?.schema)
        return .ok(.init(body: .json(schema)))
    }

    func updateRun(_ input: Operations.UpdateRun.Input) async throws -> Operations.UpdateRun.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let update) = input.body else { throw APIError.badRequest("send JSON") }
        let run = try await RunAccess.ownedRun(input.path.runId, by: user.id, on: database)
        if let name = try TextInput.checked(update.name, "name", .name) {
            let title = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw APIError.badRequest("`name` is empty: an activity needs a title") }
            run.name = title
        }
        if let description = try TextInput.checked(update.description, "description", .description) {
            run.description = description.isEmpty ? nil : description
        }
        if let privacy = update.privacy { run.privacy = Privacy(privacy) }
        let resported = update.sport.map(Sport.init).flatMap { $0 == run.sport ? nil : $0 }
        if let resported {
            // Everything the sport decides is measured again; the badges follow.
            try RunRecorder.remeasure(run, as: resported, owner: run.owner)
        }
        try await database.retryingTransaction { transaction in
            try await run.save(on: transaction)
            if resported != nil { _ = try await AchievementBook.refresh(user.id, on: transaction) }
        }
        return .ok(.init(body: .json(run.schema)))
    }

    func deleteRun(_ input: Operations.DeleteRun.Input) async throws -> Operations.DeleteRun.Output {
        let user = try AuthenticatedUser.required()
        let run = try await RunAccess.ownedRun(input.path.runId, by: user.id, on: database)
        try await RunDeletion.delete(run, on: database)
        return .noContent(.init())
    }

    func getRunTrack(_ input: Operations.GetRunTrack.Input) async throws -> Operations.GetRunTrack.Output {
        let (run, view, tag) = try await runDocument(input.path.runId, "track")
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        let body = try await TrackDocument.body(of: run, as: view, gzip: AcceptEncoding.requestAllowsGzip, on: reads)
        return .ok(.init(headers: .init(eTag: tag), body: .applicationGeoJson(body)))
    }

    func getRunSeries(_ input: Operations.GetRunSeries.Input) async throws -> Operations.GetRunSeries.Output {
        let (run, view, tag) = try await runDocument(input.path.runId, "series")
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        try await RunAccess.loadTrack(of: run, on: reads)
        let activity = try run.activity()
        let checkpoints = try Run.checkpoints(of: activity).hiding(view.hidden)
        let start = activity.track.fixes.lazy.compactMap(\.time).first ?? Date()
        let sensors = SensorReading.readings(of: activity, since: start, at: checkpoints.map(\.elapsed))
        let points = zip(checkpoints, sensors).map { checkpoint, sensor in
            Components.Schemas.SeriesPoint(
                distanceMeters: checkpoint.distance, elapsedSeconds: checkpoint.elapsed,
                speedMetersPerSecond: checkpoint.speed, elevationMeters: checkpoint.elevation,
                latitude: checkpoint.coordinate.latitude, longitude: checkpoint.coordinate.longitude,
                heartRate: sensor.heartRate, cadence: sensor.cadence, power: sensor.power)
        }
        return .ok(.init(headers: .init(eTag: tag), body: .json(.init(runId: view.run.apiID, points: points))))
    }

    func exportRun(_ input: Operations.ExportRun.Input) async throws -> Operations.ExportRun.Output {
        let format = input.query.format ?? .gpx
        let (run, view, tag) = try await runDocument(input.path.runId, format.rawValue)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        try await RunAccess.loadTrack(of: run, on: reads)
        var activity = try run.activity(hiding: view.hidden)
        // A FIT session carries its totals: the run's, as the app shows them.
        activity.deviceTotals = DeviceTotals(ascentMeters: run.ascentMeters, descentMeters: run.descentMeters)
        let headers = Operations.ExportRun.Output.Ok.Headers(eTag: tag)
        switch format {
        case .gpx: return .ok(.init(headers: headers, body: .applicationGpxXml(HTTPBody(GPXWriter.write(activity)))))
        case .tcx: return .ok(.init(headers: headers, body: .applicationVnd_garmin_tcxXml(HTTPBody(TCXWriter.write(activity)))))
        case .fit: return .ok(.init(headers: headers, body: .applicationVnd_ant_fit(HTTPBody(FITWriter.write(activity)))))
        }
    }

    /// The run `id` names as the viewer sees it (404 unless they may), read without its
    /// track, and the ETag of its `document`: a conditional request is answered before the
    /// track is read at all.
    private func runDocument(_ id: String, _ document: String) async throws -> (Run, RunView, String) {
        let viewer = AuthenticatedUser.current?.id
        let run = try await RunAccess.visibleRun(id, to: viewer, on: reads, withTrack: false)
        let view = try RunView(run, seenBy: viewer)
        return (run, view, try view.eTag(of: document))
    }
}

extension SensorSummary.Measure {
    var schema: Components.Schemas.SensorMeasure { .init(average: average, maximum: maximum) }
}
