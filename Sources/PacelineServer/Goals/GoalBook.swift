import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A runner's weekly and monthly goals, with one owner for each thing done to them:
/// listing them with their progress, setting one and deleting one. Handlers decode, call
/// one of these, and encode; the progress is `GoalProgress`'s. Refusals are `Refusal`s.
enum GoalBook {
    /// `user`'s goals, oldest first, with their progress on a clock `utcOffset` seconds east of UTC.
    static func list(of user: UUID, utcOffset: Int, on database: any Database) async throws -> [Components.Schemas.Goal] {
        let goals = try await Goal.query(on: database).filter(\.$user.$id == user).sort(\.$createdAt).sort(\.$id).all()
        return try await GoalProgress.schemas(of: goals, user: user, utcOffset: utcOffset, on: database)
    }

    /// Sets `user` a goal of `target` (`GoalProgress.target`: 400 out of range) in `metric`
    /// each `period` of `sport` (nil: every sport), and answers it with its progress on a
    /// clock `utcOffset` seconds east of UTC. Under the user's lock: 409 `too_many_goals`
    /// past `GoalProgress.maximumGoals`, 409 `goal_exists` for a goal of the same sport,
    /// period and metric.
    static func create(sport: Sport?, period: Goal.Period, metric: Goal.Metric, target: Double, for user: UUID, utcOffset: Int,
                       on database: any Database) async throws -> Components.Schemas.Goal {
        let goal = Goal()
        goal.$user.id = user
        goal.sport = sport
        goal.period = period
        goal.metric = metric
        goal.target = try GoalProgress.target(target, for: goal.metric)
        try await database.lockingUser(user) { transaction in
            let goals = try await Goal.query(on: transaction).filter(\.$user.$id == user).all()
            guard goals.count < GoalProgress.maximumGoals else {
                throw Refusal(.conflict, code: "too_many_goals", message: "keep at most \(GoalProgress.maximumGoals) goals: delete one first")
            }
            guard !goals.contains(where: { $0.sport == goal.sport && $0.period == goal.period && $0.metric == goal.metric }) else {
                throw Refusal(.conflict, code: "goal_exists", message: "you have that goal already: delete it to set another target")
            }
            try await goal.create(on: transaction)
        }
        return try await GoalProgress.schemas(of: [goal], user: user, utcOffset: utcOffset, on: database)[0]
    }

    /// Deletes `user`'s goal `id`; 404 unless it is theirs.
    static func delete(_ id: String, of user: UUID, on database: any Database) async throws {
        guard let id = UUID(uuidString: id),
              let goal = try await Goal.query(on: database).filter(\.$id == id).filter(\.$user.$id == user).first() else {
            throw Refusal.notFound("goal")
        }
        try await goal.delete(on: database)
    }
}
