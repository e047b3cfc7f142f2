import Fluent
import Foundation
import PacelineCore

/// A user's goal: so much distance, time or so many activities a week or a month, of one
/// sport or of all.
final class Goal: Model, @unchecked Sendable {
    static let schema = "goals"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Nil: every sport counts.
    @OptionalField(key: "sport") var sport: Sport?
    @Field(key: "period") var period: Period
    @Field(key: "metric") var metric: Metric
    /// Metres, seconds or activities, as `metric` says.
    @Field(key: "target") var target: Double
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    /// How long a goal's period is: a week starts on Monday, a month on its first, at
    /// midnight where the runner is.
    enum Period: String, Codable, Sendable, CaseIterable {
        case week, month
    }

    /// What a goal counts.
    enum Metric: String, Codable, Sendable, CaseIterable {
        /// Credited metres, as the statistics count them.
        case distance
        /// Moving seconds.
        case time
        case activities
    }

    init() {}
}
