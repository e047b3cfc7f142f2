import PacelineAPI
import PacelineCore

extension APIHandler {
    func getStatistics(_ input: Operations.GetStatistics.Input) async throws -> Operations.GetStatistics.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await StatisticsBook.statistics(of: user.id, sport: input.query.sport, on: reads))))
    }

    func getRecords(_ input: Operations.GetRecords.Input) async throws -> Operations.GetRecords.Output {
        let user = try AuthenticatedUser.required()
        let records = try await StatisticsBook.records(of: user.id, sports: input.query.sport.map { [$0] } ?? Sport.allCases, on: reads)
        return .ok(.init(body: .json(.init(records: records))))
    }

    func getRunBestEfforts(_ input: Operations.GetRunBestEfforts.Input) async throws -> Operations.GetRunBestEfforts.Output {
        let efforts = try await StatisticsBook.bestEfforts(ofRun: input.path.runId, seenBy: AuthenticatedUser.current?.id, on: reads)
        return .ok(.init(body: .json(efforts)))
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
