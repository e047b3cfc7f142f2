import Fluent
import Foundation

/// One route of a mission: its line as a `CompactTrack` blob (positions only) and its medal times.
final class MissionRouteRow: Model, @unchecked Sendable {
    static let schema = "mission_routes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "mission_id") var mission: MissionRow
    /// 0 for the first route.
    @Field(key: "position") var position: Int
    @Field(key: "name") var name: String
    @Field(key: "length_m") var lengthMeters: Double
    @Field(key: "gold_s") var goldSeconds: Double
    @Field(key: "silver_s") var silverSeconds: Double
    @Field(key: "bronze_s") var bronzeSeconds: Double
    @Field(key: "path") var path: Data
    @Children(for: \.$route) var stages: [MissionStageRow]

    init() {}
}
