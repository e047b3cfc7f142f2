import Fluent
import Foundation
import PacelineCore

/// A user's shoes, bike or other gear: what it had done before it was added, when it is
/// due to be replaced, whether new activities of its sport name it, and whether it is retired.
final class Gear: Model, @unchecked Sendable {
    static let schema = "gear"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "name") var name: String
    @Field(key: "kind") var kind: Kind
    @Field(key: "sport") var sport: Sport
    @Field(key: "start_distance_m") var startDistanceMeters: Double
    @OptionalField(key: "retire_distance_m") var retireDistanceMeters: Double?
    /// New activities of `sport` name it; at most one per user and sport (a unique index).
    @Field(key: "is_default") var isDefault: Bool
    @Field(key: "retired") var retired: Bool
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    /// What the gear is.
    enum Kind: String, Codable, Sendable, CaseIterable {
        case shoes, bike, other
    }

    init() {}
}
