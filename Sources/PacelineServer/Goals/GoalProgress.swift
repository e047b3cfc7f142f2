import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// How far a user is through their goals: each goal's current period, where the runner's
/// clock stands (a week from Monday midnight, a month from the first, their time), and
/// what their activities started in it add up to, counted as the statistics count them
/// (credited distance, moving time: `StatisticsReport`).
enum GoalProgress {
    /// The most goals a user keeps.
    static let maximumGoals = 20

    /// The period of `period` that holds `now` on a clock `utcOffset` seconds east of UTC.
    static func window(_ period: Goal.Period, containing now: Date, utcOffset: Int) -> DateInterval {
        var calendar = Calendar(identifier: .iso8601)  // weeks start on Monday
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let local = now.addingTimeInterval(Double(utcOffset))
        let interval = calendar.dateInterval(of: period == .week ? .weekOfYear : .month, for: local)!
        return DateInterval(start: interval.start.addingTimeInterval(-Double(utcOffset)), end: interval.end.addingTimeInterval(-Double(utcOffset)))
    }

    /// `goals` of `user` with their progress now, in the order given.
    /// - Complexity: one query over the user's activities of the longest period's window.
    static func schemas(of goals: [Goal], user: UUID, now: Date = Date(), utcOffset: Int,
                        on database: any Database) async throws -> [Components.Schemas.Goal] {
        let windows = goals.map { window($0.period, containing: now, utcOffset: utcOffset) }
        guard let earliest = windows.map(\.start).min() else { return [] }
        let runs = try await Run.query(on: database).filter(\.$owner.$id == user).filter(\.$startTime >= earliest)
            .field(\.$id).field(\.$sport).field(\.$startTime).field(\.$creditedDistanceMeters).field(\.$movingSeconds).all()
        return zip(goals, windows).map { goal, window in
            let counted = runs.filter { run in
                guard let start = run.startTime, window.start <= start, start < window.end else { return false }
                return goal.sport.map { $0 == run.sport } ?? true
            }
            let progress: Double = switch goal.metric {
            case .distance: counted.reduce(0) { $0 + $1.creditedDistanceMeters.storedOrZero }
            case .time: counted.reduce(0) { $0 + $1.movingSeconds.storedOrZero }
            case .activities: Double(counted.count)
            }
            return .init(id: goal.id?.apiID ?? "", sport: goal.sport, period: goal.period.schema,
                         metric: goal.metric.schema, target: goal.target, progress: progress,
                         periodStart: window.start, periodEnd: window.end, reached: progress >= goal.target)
        }
    }

    /// A target from the client for `metric`: finite, whole for activities, and in range; else 400.
    static func target(_ value: Double, for metric: Goal.Metric) throws -> Double {
        let range: ClosedRange<Double> = switch metric {
        case .distance: 100...100_000_000
        case .time: 60...10_000_000
        case .activities: 1...1_000
        }
        guard value.isFinite, range.contains(value), metric != .activities || value == value.rounded() else {
            let message: String = switch metric {
            case .distance: "`target` of a distance goal is 100 m to 100,000 km, in metres"
            case .time: "`target` of a time goal is 1 minute to 10,000,000 seconds"
            case .activities: "`target` of an activities goal is a whole number, 1 to 1,000"
            }
            throw Refusal.invalid(message)
        }
        return value
    }
}
