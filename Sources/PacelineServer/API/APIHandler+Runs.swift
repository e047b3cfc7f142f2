import Foundation
import HTTPTypes
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listRuns(_ input: Operations.ListRuns.Input) async throws -> Operations.ListRuns.Output {
        let user = try AuthenticatedUser.required()
        let found = try await RunBook.page(of: user.id, limit: try Paging.limit(input.query.limit), cursor: input.query.cursor,
                                           changedSince: input.query.updatedSince, on: reads)
        let page = Components.Schemas.RunPage(runs: found.runs.map(\.listedSchema), deletedIds: found.deletedIDs.map(\.apiID),
                                              nextCursor: found.next)
        let tag = try ETag.of(page)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .json(page)))
    }

    func getRun(_ input: Operations.GetRun.Input) async throws -> Operations.GetRun.Output {
        let viewer = AuthenticatedUser.current?.id
        let run = try await RunAccess.visibleRun(input.path.runId, to: viewer, on: reads, withTrack: false)
        var schema = run.schema(seenBy: viewer)
        let sensors = run.sensorSummary
        (schema.heartRate, schema.cadence, schema.power) = (sensors.heartRate?.schema, sensors.cadence?.schema, sensors.power?.schema)
        return .ok(.init(body: .json(schema)))
    }

    func updateRun(_ input: Operations.UpdateRun.Input) async throws -> Operations.UpdateRun.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let update) = input.body else { throw Refusal.invalid("send JSON") }
        let change = RunBook.Change(
            name: try TextInput.checked(update.name, "name", .name).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
            description: try TextInput.checked(update.description, "description", .description),
            privacy: update.privacy, sport: update.sport, gearID: update.gearId, commentsOpen: update.commentsOpen)
        let run = try await RunBook.change(input.path.runId, by: user.id, change, on: database)
        return .ok(.init(body: .json(run.schema)))
    }

    func deleteRun(_ input: Operations.DeleteRun.Input) async throws -> Operations.DeleteRun.Output {
        let user = try AuthenticatedUser.required()
        try await RunBook.delete(input.path.runId, by: user.id, on: database)
        return .noContent(.init())
    }

    func getRunTrack(_ input: Operations.GetRunTrack.Input) async throws -> Operations.GetRunTrack.Output {
        let (run, view, tag) = try await runDocument(input.path.runId, .track)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        let body = try await RunDocument.track.body(of: run, as: view, gzip: AcceptEncoding.requestAllowsGzip, on: reads)
        return .ok(.init(headers: .init(eTag: tag), body: .applicationGeoJson(body)))
    }

    func getRunSeries(_ input: Operations.GetRunSeries.Input) async throws -> Operations.GetRunSeries.Output {
        let (run, view, tag) = try await runDocument(input.path.runId, .series)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        let body = try await RunDocument.series.body(of: run, as: view, gzip: AcceptEncoding.requestAllowsGzip, on: reads)
        return .ok(.init(headers: .init(eTag: tag), body: .json(body)))
    }

    func exportRun(_ input: Operations.ExportRun.Input) async throws -> Operations.ExportRun.Output {
        let document: RunDocument = switch input.query.format ?? .gpx {
        case .gpx: .gpx
        case .tcx: .tcx
        case .fit: .fit
        }
        let (run, view, tag) = try await runDocument(input.path.runId, document)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        let file = try await document.body(of: run, as: view, gzip: AcceptEncoding.requestAllowsGzip, on: reads)
        let headers = Operations.ExportRun.Output.Ok.Headers(eTag: tag, contentEncoding: file.encoding == .gzip ? .gzip : nil)
        let body = HTTPBody(file.bytes)
        return switch document {
        case .tcx: .ok(.init(headers: headers, body: .applicationVnd_garmin_tcxXml(body)))
        case .fit: .ok(.init(headers: headers, body: .applicationVnd_ant_fit(body)))
        default: .ok(.init(headers: headers, body: .applicationGpxXml(body)))
        }
    }

    /// The run `id` names as the viewer sees it (404 unless they may), read without its
    /// track, and the ETag of its `document`: a conditional request is answered before the
    /// track is read at all.
    private func runDocument(_ id: String, _ document: RunDocument) async throws -> (Run, RunView, String) {
        let viewer = AuthenticatedUser.current?.id
        let run = try await RunAccess.visibleRun(id, to: viewer, on: reads, withTrack: false)
        let view = try RunView(run, seenBy: viewer)
        return (run, view, try view.eTag(of: document.rawValue))
    }
}

extension SensorSummary.Measure {
    var schema: Components.Schemas.SensorMeasure { .init(average: average, maximum: maximum) }
}
