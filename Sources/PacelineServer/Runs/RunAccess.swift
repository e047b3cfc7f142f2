import Fluent
import Foundation
import PacelineCore

/// Who may see what: every read of a run goes through here.
///
/// A public run is visible to anyone; a private one only to its owner; a friends-only one
/// to its owner and their friends (`Privacy`). A run someone may not see is answered as
/// missing (404), so its existence is not revealed either.
enum RunAccess {
    /// The run `id` names, if `viewer` may see it; 404 otherwise. Without `withTrack`, its
    /// track is left unread (`loadTrack` reads it when a document kept elsewhere is missing).
    static func visibleRun(_ id: String, to viewer: UUID?, on database: any Database, withTrack: Bool = true) async throws -> Run {
        var query = Run.query(on: database)
        if !withTrack { query = query.withoutTrack() }
        guard let uuid = UUID(uuidString: id),
              let run = try await query.filter(\.$id == uuid).with(\.$owner).first(),
              try await Privacy.allows(viewer, toSee: run.$owner.id, privacy: run.privacy, on: database)
        else { throw Refusal.notFound("run") }
        return run
    }

    /// Why a run in a virtual world makes no route or segment.
    static let virtualWorld = "the run was in a virtual world (its positions are a game's): it makes no route or segment"

    /// The run `id` names, if `owner` owns it; 404 otherwise. Without `withTrack`, its
    /// track is left unread.
    static func ownedRun(_ id: String, by owner: UUID, on database: any Database, withTrack: Bool = true) async throws -> Run {
        var query = Run.query(on: database)
        if !withTrack { query = query.withoutTrack() }
        guard let uuid = UUID(uuidString: id),
              let run = try await query.filter(\.$id == uuid).with(\.$owner).first(),
              run.$owner.id == owner else { throw Refusal.notFound("run") }
        return run
    }

    /// Reads the track of `run`, fetched without it.
    static func loadTrack(of run: Run, on database: any Database) async throws {
        guard let stored = try await Run.query(on: database).filter(\.$id == run.requireID()).field(\.$id).field(\.$track).first()
        else { throw Refusal.notFound("run") }
        run.track = stored.track
    }
}
