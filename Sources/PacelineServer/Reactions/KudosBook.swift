import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Kudos ("well run") on activities: one per person and activity, given to what the giver
/// may see (`RunAccess`: another's private run is 404, as if it did not exist), never to
/// one's own; read by whoever may see the activity.
enum KudosBook {
    /// The most givers an answer names.
    static let giversShown = 20

    /// Run `id`'s kudos as `viewer` (nil: no account) reads them; 404 unless they may see it.
    static func kudos(of id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.Kudos {
        let run = try await RunAccess.visibleRun(id, to: viewer, on: database, withTrack: false)
        return try await kudos(of: RunID(try run.requireID()), seenBy: viewer, on: database)
    }

    /// Gives (`given` true) or takes back `user`'s kudos on run `id`, and answers its kudos
    /// now; doing it twice changes nothing. The owner is told of kudos given (once). 404 unless they may see it; 422 `own_activity`
    /// for their own.
    static func set(_ given: Bool, on id: String, by user: UUID, on database: any Database) async throws -> Components.Schemas.Kudos {
        let run = try await RunAccess.visibleRun(id, to: user, on: database, withTrack: false)
        let runID = try run.requireID()
        if given {
            guard run.$owner.id != user else {
                throw Refusal(.unprocessable, code: "own_activity", message: "kudos are for others' activities, not your own")
            }
            try await database.sql.insert(into: Kudos.schema)
                .columns("id", "run_id", "giver_id", "created_at")
                .values(SQLBind(UUID()), SQLBind(runID), SQLBind(user), SQLBind(Date()))
                .ignoringConflicts(with: ["run_id", "giver_id"])
                .run()
            try await Notifications.tell(run.$owner.id, .kudos, by: user, about: .init(run: runID), on: database)
        } else {
            try await Kudos.query(on: database).filter(\.$run.$id == runID).filter(\.$giver.$id == user).delete()
        }
        return try await kudos(of: RunID(runID), seenBy: user, on: database)
    }

    /// Removes the kudos of `run` (it was deleted).
    static func remove(of run: RunID, on database: any Database) async throws {
        try await Kudos.query(on: database).filter(\.$run.$id == run.uuid).delete()
    }

    private static func kudos(of run: RunID, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.Kudos {
        let all = Kudos.query(on: database).filter(\.$run.$id == run.uuid)
        let count = try await all.count()
        let latest = try await Kudos.query(on: database).filter(\.$run.$id == run.uuid).with(\.$giver)
            .sort(\.$createdAt, .descending).sort(\.$id).limit(giversShown).all()
        let given = if let viewer {
            try await Kudos.query(on: database).filter(\.$run.$id == run.uuid).filter(\.$giver.$id == viewer).first() != nil
        } else { false }
        return .init(count: count, given: given, givers: latest.map(\.giver.summary))
    }
}
