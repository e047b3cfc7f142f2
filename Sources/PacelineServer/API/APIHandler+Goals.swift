import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listGoals(_ input: Operations.ListGoals.Input) async throws -> Operations.ListGoals.Output {
        let user = try AuthenticatedUser.required()
        let offset = try UTCOffset.seconds(input.query.utcOffsetMinutes) ?? 0
        let goals = try await Goal.query(on: reads).filter(\.$user.$id == user.id).sort(\.$createdAt).sort(\.$id).all()
        return .ok(.init(body: .json(.init(goals: try await GoalProgress.schemas(of: goals, user: user.id, utcOffset: offset, on: reads)))))
    }

    func createGoal(_ input: Operations.CreateGoal.Input) async throws -> Operations.CreateGoal.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let offset = try UTCOffset.seconds(input.query.utcOffsetMinutes) ?? 0
        let goal = Goal()
        goal.$user.id = user.id
        goal.sport = body.sport
        goal.period = Goal.Period(body.period)
        goal.metric = Goal.Metric(body.metric)
        goal.target = try GoalProgress.target(body.target, for: goal.metric)
        try await database.lockingUser(user.id) { transaction in
            let goals = try await Goal.query(on: transaction).filter(\.$user.$id == user.id).all()
            guard goals.count < GoalProgress.maximumGoals else {
                throw Refusal(.conflict, code: "too_many_goals", message: "keep at most \(GoalProgress.maximumGoals) goals: delete one first")
            }
            guard !goals.contains(where: { $0.sport == goal.sport && $0.period == goal.period && $0.metric == goal.metric }) else {
                throw Refusal(.conflict, code: "goal_exists", message: "you have that goal already: delete it to set another target")
            }
            try await goal.create(on: transaction)
        }
        let schema = try await GoalProgress.schemas(of: [goal], user: user.id, utcOffset: offset, on: database)[0]
        return .created(.init(body: .json(schema)))
    }

    func deleteGoal(_ input: Operations.DeleteGoal.Input) async throws -> Operations.DeleteGoal.Output {
        let user = try AuthenticatedUser.required()
        guard let id = UUID(uuidString: input.path.goalId),
              let goal = try await Goal.query(on: database).filter(\.$id == id).filter(\.$user.$id == user.id).first() else {
            throw Refusal.notFound("goal")
        }
        try await goal.delete(on: database)
        return .noContent(.init())
    }
}
