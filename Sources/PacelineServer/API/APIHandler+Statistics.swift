import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func getStatistics(_ input: Operations.GetStatistics.Input) async throws -> Operations.GetStatistics.Output {
        let user = try AuthenticatedUser.required()
        let runs = try await Run.query(on: reads).filter(\.$owner.$id == user.id)
            .field(\.$id).field(\.$sport).field(\.$startTime).field(\.$creditedDistanceMeters).field(\.$movingSeconds)
            .field(\.$elapsedSeconds).field(\.$bestEfforts)
            .all()
        let entries = try runs.compactMap { run -> StatisticsReport.Entry? in
            guard let start = run.startTime else { return nil }
            return .init(runID: try run.requireID(), sport: run.sport, start: start, distance: run.creditedDistanceMeters.storedOrZero,
                         moving: run.movingSeconds.storedOrZero, elapsed: run.elapsedSeconds.storedOrZero, efforts: run.efforts)
        }
        return .ok(.init(body: .json(StatisticsReport.statistics(of: entries, sport: input.query.sport.map(Sport.init)))))
    }
}
