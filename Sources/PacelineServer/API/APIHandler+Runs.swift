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
        let reprivatised = update.privacy.map { Privacy($0) != run.privacy } ?? false
        if let privacy = update.privacy { run.privacy = Privacy(privacy) }
        let resported = update.sport.flatMap { $0 == run.sport ? nil : $0 }
        let sportBefore = run.sport  // before the new sport's measuring sets it
        // Everything the sport decides is measured again; the badges and segment efforts
        // follow. `remeasured`: set when the sport changed, holding the run's new checkpoints.
        let remeasured = try resported.map { try RunRecorder.remeasure(run, as: $0, owner: run.owner) }
        let gearID = update.gearId
        // The user's lock: the gear named can't be deleted halfway (`Database.lockingUser`).
        try await database.lockingUser(user.id) { transaction in
            if let gearID {
                run.gearID = gearID.isEmpty ? nil : try await GearBook.piece(gearID, of: user.id, on: transaction).requireID()
            }
            try await run.save(on: transaction)
            // Its marks, and those of the runs after it, follow its sport and who sees it.
            if resported != nil || reprivatised {
                for sport in Set([sportBefore, run.sport]) { try await NewRecords.measureAll(of: user.id, sport: sport, on: transaction.sql) }
                run.newRecords = try await Run.query(on: transaction).filter(\.$id == run.requireID()).field(\.$id).field(\.$newRecords)
                    .first()?.newRecords
            }
            if let remeasured {
                _ = try await AchievementBook.refresh(user.id, on: transaction)
                try await SegmentMatching.rematch(run, checkpoints: remeasured, on: transaction)
            }
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
