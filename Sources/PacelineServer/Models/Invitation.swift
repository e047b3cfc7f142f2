import Fluent
import Foundation
import PacelineCore

/// A walk or run a host schedules with friends: when, where, what, and whom (its
/// `InvitationGuest`s). Cancelling keeps the row, so guests see it was called off.
final class Invitation: Model, @unchecked Sendable {
    static let schema = "invitations"

    /// Whether it is still on.
    enum Status: String, Codable, Sendable {
        case scheduled, cancelled
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "host_id") var host: User
    @OptionalField(key: "title") var title: String?
    /// Run or walk.
    @Field(key: "sport") var sport: Sport
    @Field(key: "starts_at") var startsAt: Date
    /// Where to meet.
    @Field(key: "latitude") var latitude: Double
    @Field(key: "longitude") var longitude: Double
    @OptionalField(key: "place_name") var placeName: String?
    /// The distance planned, if any.
    @OptionalField(key: "distance_m") var distanceMeters: Double?
    @Field(key: "status") var status: Status
    /// The live session the invitation became at its time; set by the live hub, nil until then.
    @OptionalField(key: "live_session_id") var liveSessionId: UUID?
    @Children(for: \.$invitation) var guests: [InvitationGuest]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}
