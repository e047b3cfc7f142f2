import Fluent
import Foundation

/// One user's place in one club: a member in a role, someone asking to join, or someone
/// banned. One row per club and user (unique), so two concurrent joins, requests or bans
/// make one row, and a banned user's row stays to refuse them.
final class ClubMembership: Model, @unchecked Sendable {
    static let schema = "club_memberships"

    /// Where the user stands.
    enum Status: String, Codable, Sendable {
        /// A member: sees the club, and the club sees their `friends_and_clubs` activities.
        case member
        /// Asked to join a club that approves its members; waiting for an admin.
        case requested
        /// Removed, and may neither join again nor ask to.
        case banned
    }

    /// What a member may do. Only `member` rows hold a role that counts; the others keep `member`.
    enum Role: String, Codable, Sendable {
        /// One per club (a partial unique index): deletes the club, names admins, transfers ownership.
        case owner
        /// Approves requests, removes and bans members (not the owner or other admins), renews the link.
        case admin
        case member
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "club_id") var club: Club
    @Parent(key: "user_id") var user: User
    @Field(key: "status") var status: Status
    @Field(key: "role") var role: Role
    /// When the row took its status (joined, asked, banned).
    @Field(key: "since") var since: Date

    init() {}
}
