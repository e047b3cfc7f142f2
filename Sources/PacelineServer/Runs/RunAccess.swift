import Fluent
import Foundation

/// Who may see what: every read of a run goes through here.
///
/// A public run is visible to anyone; a private one only to its owner; a friends-only one
/// to its owner and their friends (no friendships exist before the friends API, so for
/// now only the owner). A run someone may not see is answered as missing (404), so its
/// existence is not revealed either.
enum RunAccess {
    static func isVisible(_ run: Run, to viewer: UUID?) -> Bool {
        if run.$owner.id == viewer { return true }
        return run.privacy == "public"
    }

    /// The run `id` names, if `viewer` may see it; 404 otherwise.
    static func visibleRun(_ id: String, to viewer: UUID?, on database: any Database) async throws -> Run {
        guard let uuid = UUID(uuidString: id),
              let run = try await Run.query(on: database).filter(\.$id == uuid).with(\.$owner).first(),
              isVisible(run, to: viewer) else { throw APIError.notFound("run") }
        return run
    }

    /// The run `id` names, if `owner` owns it; 404 otherwise.
    static func ownedRun(_ id: String, by owner: UUID, on database: any Database) async throws -> Run {
        guard let uuid = UUID(uuidString: id),
              let run = try await Run.query(on: database).filter(\.$id == uuid).with(\.$owner).first(),
              run.$owner.id == owner else { throw APIError.notFound("run") }
        return run
    }
}
