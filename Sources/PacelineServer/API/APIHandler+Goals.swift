import PacelineAPI

extension APIHandler {
    func listGoals(_ input: Operations.ListGoals.Input) async throws -> Operations.ListGoals.Output {
        let user = try AuthenticatedUser.required()
        let offset = try UTCOffset.seconds(input.query.utcOffsetMinutes) ?? 0
        return .ok(.init(body: .json(.init(goals: try await GoalBook.list(of: user.id, utcOffset: offset, on: reads)))))
    }

    func createGoal(_ input: Operations.CreateGoal.Input) async throws -> Operations.CreateGoal.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let offset = try UTCOffset.seconds(input.query.utcOffsetMinutes) ?? 0
        let goal = try await GoalBook.create(sport: body.sport, period: Goal.Period(body.period), metric: Goal.Metric(body.metric),
                                             target: body.target, for: user.id, utcOffset: offset, on: database)
        return .created(.init(body: .json(goal)))
    }

    func deleteGoal(_ input: Operations.DeleteGoal.Input) async throws -> Operations.DeleteGoal.Output {
        let user = try AuthenticatedUser.required()
        try await GoalBook.delete(input.path.goalId, of: user.id, on: database)
        return .noContent(.init())
    }
}
