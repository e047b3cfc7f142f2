import Fluent
import Foundation

/// A mission as stored: its identity and totals; routes and stages in their own tables.
final class MissionRecord: Model, @unchecked Sendable {
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
    @Children(for: \.$mission) var routes: [MissionRouteRecord]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}

/// One route of a mission: its line as a `CompactTrack` blob (positions only) and its medal times.
final class MissionRouteRecord: Model, @unchecked Sendable {
    static let schema = "mission_routes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "mission_id") var mission: MissionRecord
    /// 0 for the first route.
    @Field(key: "position") var position: Int
    @Field(key: "name") var name: String
    @Field(key: "length_m") var lengthMeters: Double
    @Field(key: "gold_s") var goldSeconds: Double
    @Field(key: "silver_s") var silverSeconds: Double
    @Field(key: "bronze_s") var bronzeSeconds: Double
    @Field(key: "path") var path: Data
    @Children(for: \.$route) var stages: [MissionStageRecord]

    init() {}
}

/// One stage of a route: where it starts and ends along the route, and its photo.
final class MissionStageRecord: Model, @unchecked Sendable {
    static let schema = "mission_stages"

    @ID(key: .id) var id: UUID?
    @Parent(key: "route_id") var route: MissionRouteRecord
    /// 0 for the route's first stage.
    @Field(key: "position") var position: Int
    @Field(key: "name") var name: String
    @Field(key: "start_m") var startMeters: Double
    @Field(key: "end_m") var endMeters: Double
    @OptionalField(key: "photo_url") var photoURL: String?
    @OptionalField(key: "photo_attribution") var photoAttribution: String?
    @OptionalField(key: "photo_page") var photoPage: String?

    init() {}
}

/// A user on a mission: the stages chosen, when they joined, how far they have come.
/// One per user and mission; joining again restarts it.
final class JourneyRecord: Model, @unchecked Sendable {
    static let schema = "mission_journeys"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Parent(key: "mission_id") var mission: MissionRecord
    @Field(key: "first_route") var firstRoute: Int
    @Field(key: "first_stage") var firstStage: Int
    @Field(key: "last_route") var lastRoute: Int
    @Field(key: "last_stage") var lastStage: Int
    /// public, friends or private (the default): who else may see the progress.
    @Field(key: "privacy") var privacy: String
    @Field(key: "started_at") var startedAt: Date
    /// When the last stage was completed (set by `MissionAdvancer`); unfinished journeys are the ones runs move.
    @OptionalField(key: "finished_at") var finishedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}

/// What one run credited to one journey. Unique per (journey, run): a run moves a
/// journey once, however often its upload is retried.
final class JourneyAdvanceRecord: Model, @unchecked Sendable {
    static let schema = "mission_advances"

    @ID(key: .id) var id: UUID?
    @Parent(key: "journey_id") var journey: JourneyRecord
    @Field(key: "run_id") var runID: UUID
    /// The run's verified distance: what it offered; the replay credits at most what is left.
    @Field(key: "verified_m") var verifiedMeters: Double
    /// The run's start and end: runs credited to a journey may not overlap in time.
    @Field(key: "run_start") var runStart: Date
    @Field(key: "run_end") var runEnd: Date
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
