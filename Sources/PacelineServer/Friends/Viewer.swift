import Fluent
import Foundation
import PacelineCore

/// A logged-in user reading many things at once, with their friends, club-mates and the
/// users who blocked them loaded once, so that deciding about many runs or routes in one
/// request costs three queries in all (`Privacy`'s rule, in memory).
struct Viewer: Sendable {
    let id: UUID
    let friendIDs: Set<UUID>
    /// Whoever shares a club with the viewer (`ClubMates`).
    var clubMateIDs: Set<UUID> = []
    /// The users who blocked this viewer, who see nothing of theirs.
    var blockerIDs: Set<UUID> = []

    /// `id`, their friends, club-mates and blockers.
    static func load(_ id: UUID, on database: any Database) async throws -> Viewer {
        Viewer(id: id, friendIDs: try await Friends.friendIDs(of: id, on: database),
               clubMateIDs: try await ClubMates.ids(of: id, on: database),
               blockerIDs: try await Blocks.blockerIDs(of: id, on: database))
    }

    /// Whether this viewer may see something of `owner`'s with `privacy`.
    func maySee(owner: UUID, privacy: Privacy) -> Bool {
        if owner == id { return true }
        guard !blockerIDs.contains(owner) else { return false }
        return privacy == .public || (privacy == .friends && friendIDs.contains(owner))
            || (privacy == .friendsAndClubs && (friendIDs.contains(owner) || clubMateIDs.contains(owner)))
    }
}
