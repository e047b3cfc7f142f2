import Fluent
import Foundation

/// A mission as stored: its identity and totals; routes and stages in their own tables.
final class MissionRow: Model, @unchecked Sendable {
    static let schema = "missions"

    @ID(key: .id) var id: UUID?
    /// The file's `mission.id`: what the API and imports name it by.
    @Field(key: "key") var key: String
    @Field(key: "name") var name: String
    @Field(key: "summary") var summary: String
    @Field(key: "attribution") var attribution: String
    @Field(key: "length_m") var lengthMeters: Double
    @Field(key: "route_count") var routeCount: Int
    @Field(key: "stage_count") var stageCount: Int
    @Children(for: \.$mission) var routes: [MissionRouteRow]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}
