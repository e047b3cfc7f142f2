import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func getStatistics(_ input: Operations.GetStatistics.Input) async throws -> Operations.GetStatistics.Output {
        let user = try AuthenticatedUser.required()
        let entries = try await statisticsEntries(of: user.id)
        return .ok(.init(body: .json(StatisticsReport.statistics(of: entries, sport: input.query.sport))))
    }

    func getRecords(_ input: Operations.GetRecords.Input) async throws -> Operations.GetRecords.Output {
        let user = try AuthenticatedUser.required()
        let entries = try await statisticsEntries(of: user.id)
        let sports = input.query.sport.map { [$0] } ?? Sport.allCases
        return .ok(.init(body: .json(.init(records: sports.flatMap { StatisticsReport.records(of: entries, sport: $0) }))))
    }

    func getRunBestEfforts(_ input: Operations.GetRunBestEfforts.Input) async throws -> Operations.GetRunBestEfforts.Output {
        let viewer = AuthenticatedUser.current?.id
        let run = try await RunAccess.visibleRun(input.path.runId, to: viewer, on: reads, withTrack: false)
        let runID = try run.requireID().apiID
        // The owner's records of the run's sport, to mark the efforts that are; nobody else's business.
        var records: [Double: String]?
        if let viewer, viewer == run.$owner.id {
            let standing = StatisticsReport.records(of: try await statisticsEntries(of: viewer), sport: run.sport)
            records = Dictionary(uniqueKeysWithValues: standing.map { ($0.distanceMeters, $0.runId) })
        }
        let efforts = run.efforts.compactMap { effort -> Components.Schemas.BestEffort? in
            guard let name = BestEffort.name(of: effort.distanceMeters) else { return nil }
            return .init(name: name, distanceMeters: effort.distanceMeters, seconds: effort.seconds,
                         paceSecondsPerKilometer: effort.seconds / (effort.distanceMeters / 1000),
                         personalRecord: records.map { $0[effort.distanceMeters] == runID })
        }
        return .ok(.init(body: .json(.init(runId: runID, sport: run.sport, efforts: efforts))))
    }

    /// What each of `user`'s runs gives the statistics and records: its columns, never its track.
    private func statisticsEntries(of user: UUID) async throws -> [StatisticsReport.Entry] {
        let runs = try await Run.query(on: reads).filter(\.$owner.$id == user)
            .field(\.$id).field(\.$sport).field(\.$startTime).field(\.$creditedDistanceMeters).field(\.$movingSeconds)
            .field(\.$elapsedSeconds).field(\.$bestEfforts).field(\.$trainingLoad)
            .all()
        return try runs.compactMap { run -> StatisticsReport.Entry? in
            guard let start = run.startTime else { return nil }
            return .init(runID: try run.requireID(), sport: run.sport, start: start, distance: run.creditedDistanceMeters.storedOrZero,
                         moving: run.movingSeconds.storedOrZero, elapsed: run.elapsedSeconds.storedOrZero, efforts: run.efforts,
                         load: run.trainingLoad.storedOrNil ?? 0)
        }
    }
}

extension APIHandler {
    func getHeatMap(_ input: Operations.GetHeatMap.Input) async throws -> Operations.GetHeatMap.Output {
        let user = try AuthenticatedUser.required()
        if let year = input.query.year, !(1990...2100).contains(year) { throw Refusal.invalid("`year` must be 1990 to 2100") }
        let sport = input.query.sport
        let tag = try await HeatMapLines.eTag(of: user.id, sport: sport, year: input.query.year, on: reads)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .json(try await HeatMapLines.of(user.id, sport: sport, year: input.query.year, on: reads))))
    }
}
