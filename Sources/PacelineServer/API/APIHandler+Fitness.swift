import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listPhysiology(_ input: Operations.ListPhysiology.Input) async throws -> Operations.ListPhysiology.Output {
        let user = try AuthenticatedUser.required()
        let today = try Self.today(input.query.utcOffsetMinutes)
        return .ok(.init(body: .json(try await PhysiologyBook.list(of: user.id, today: today, on: reads))))
    }

    func createPhysiologyEntry(_ input: Operations.CreatePhysiologyEntry.Input) async throws -> Operations.CreatePhysiologyEntry.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .created(.init(body: .json(try await PhysiologyBook.create(body, for: user.id, on: database))))
    }

    func updatePhysiologyEntry(_ input: Operations.UpdatePhysiologyEntry.Input) async throws -> Operations.UpdatePhysiologyEntry.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        return .ok(.init(body: .json(try await PhysiologyBook.update(input.path.entryId, with: body, of: user.id, on: database))))
    }

    func deletePhysiologyEntry(_ input: Operations.DeletePhysiologyEntry.Input) async throws -> Operations.DeletePhysiologyEntry.Output {
        let user = try AuthenticatedUser.required()
        try await PhysiologyBook.delete(input.path.entryId, of: user.id, on: database)
        return .noContent(.init())
    }

    func getHeartRateZones(_ input: Operations.GetHeartRateZones.Input) async throws -> Operations.GetHeartRateZones.Output {
        let user = try AuthenticatedUser.required()
        var day = try Self.today(input.query.utcOffsetMinutes)
        if let text = input.query.date {
            guard let asked = LocalDay(text: text) else { throw Refusal.invalid("date: a day as YYYY-MM-DD") }
            day = asked
        }
        return .ok(.init(body: .json(try await PhysiologyBook.inForce(of: user.id, on: day, database: reads))))
    }

    func getFitness(_ input: Operations.GetFitness.Input) async throws -> Operations.GetFitness.Output {
        let user = try AuthenticatedUser.required()
        let days = input.query.days ?? 180
        guard (7...730).contains(days) else { throw Refusal.invalid("days: from 7 to 730") }
        let today = try Self.today(input.query.utcOffsetMinutes)
        return .ok(.init(body: .json(try await FitnessBook.fitness(of: user.id, days: days, today: today, on: reads))))
    }

    func getRacePredictions(_ input: Operations.GetRacePredictions.Input) async throws -> Operations.GetRacePredictions.Output {
        let user = try AuthenticatedUser.required()
        let today = try Self.today(input.query.utcOffsetMinutes)
        return .ok(.init(body: .json(try await FitnessBook.predictions(of: user.id, today: today, on: reads))))
    }

    func getRunZones(_ input: Operations.GetRunZones.Input) async throws -> Operations.GetRunZones.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await FitnessBook.zones(ofRun: input.path.runId, owner: user.id, on: reads))))
    }

    /// Today on the clock `minutes` east of UTC (UTC without); 400 out of range.
    private static func today(_ minutes: Int?) throws -> LocalDay {
        LocalDay(instant: Date(), utcOffsetSeconds: try UTCOffset.seconds(minutes) ?? 0)
    }
}
