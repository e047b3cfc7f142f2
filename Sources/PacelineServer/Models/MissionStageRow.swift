import Fluent
import Foundation

/// One stage of a route: where it starts and ends along the route, and its photo.
final class MissionStageRow: Model, @unchecked Sendable {
    static let schema = "mission_stages"

    @ID(key: .id) var id: UUID?
    @Parent(key: "route_id") var route: MissionRouteRow
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
