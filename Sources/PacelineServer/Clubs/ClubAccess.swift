import Fluent
import Foundation

/// Who may see what of a club: every read and change of one goes through here.
///
/// A member sees all of it. A non-member sees an open club's name, description and member
/// count; a club by invitation only with its link's secret (not once banned from it); any
/// other club is answered 404, so its existence is not revealed either; so is a club the
/// instance's admins hid (`Moderation`), to everyone.
enum ClubAccess {
    /// A club and where the viewer stands in it (nil: they have no row in it).
    struct Seen: Sendable {
        let club: Club
        let membership: ClubMembership?

        /// Whether the viewer is a member.
        var isMember: Bool { membership?.status == .member }
        /// The viewer's role, when a member.
        var role: ClubMembership.Role? { isMember ? membership?.role : nil }
    }

    /// The club `id` names and the viewer's place in it, if they may see it; 404 otherwise.
    static func seen(_ id: String, by viewer: UUID, secret: String? = nil, on database: any Database) async throws -> Seen {
        guard let uuid = UUID(uuidString: id), let club = try await Club.find(uuid, on: database), club.hiddenAt == nil else {
            throw Refusal.notFound("club")
        }
        let membership = try await ClubMembership.query(on: database)
            .filter(\.$club.$id == uuid).filter(\.$user.$id == viewer).first()
        let seen = Seen(club: club, membership: membership)
        switch membership?.status {
        case .member?, .requested?: return seen
        case .banned?: if club.admission == .open { return seen }
        case nil: if club.admission == .open || secret.map({ ClubSecret.matches($0, club.invitationSecret) }) == true { return seen }
        }
        throw Refusal.notFound("club")
    }

    /// The club `id` names, if the viewer is a member (and holds one of `roles`, when given):
    /// 404 when they may not see it, 403 `not_a_member` or `forbidden` when they may but not this.
    static func member(_ id: String, _ viewer: UUID, as roles: [ClubMembership.Role]? = nil,
                       on database: any Database) async throws -> Seen {
        let seen = try await seen(id, by: viewer, on: database)
        guard let role = seen.role else {
            throw Refusal(.forbidden, code: "not_a_member", message: "only the club's members may see this")
        }
        if let roles, !roles.contains(role) {
            throw Refusal.forbidden("only the club's \(roles.map(\.rawValue).joined(separator: " or ")) may do this")
        }
        return seen
    }
}
