import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension SegmentBook {
    /// Makes a segment of `user`'s from the stretch `from`…`to` metres along their run
    /// `runID`, with `name` and `privacy` (`segment(from:…)`), and records their own runs'
    /// efforts on it, under the user's lock; answers it as they see it, read on `reads`.
    /// 404 unless they own the run, 422 for a run in a virtual world, then `segment`'s
    /// refusals, then 409 `too_many_segments` past `maximumPerUser`.
    static func create(from runID: String, by user: UUID, from start: Double, to end: Double, name: String, privacy: Privacy,
                       on database: any Database, reads: any Database) async throws -> Components.Schemas.Segment {
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        guard !run.isVirtual else { throw Refusal.unprocessable(RunAccess.virtualWorld) }
        let (segment, path) = try Self.segment(from: run, checkpoints: try run.checkpoints(), from: start, to: end, name: name, privacy: privacy)
        try await database.lockingUser(user) { transaction in
            let count = try await Segment.query(on: transaction).filter(\.$owner.$id == user).count()
            guard count < maximumPerUser else {
                throw Refusal(.conflict, code: "too_many_segments",
                               message: "keep at most \(maximumPerUser) segments: delete one first")
            }
            try await segment.create(on: transaction)
            try await SegmentMatching.recordOwnRuns(on: segment, path: path, on: transaction)
        }
        segment.$owner.value = run.owner
        return try await schema(of: segment, path: path, viewer: user, on: reads)
    }

    /// Deletes `user`'s segment `id` and its efforts; 404 unless it is theirs.
    static func delete(_ id: String, by user: UUID, on database: any Database) async throws {
        guard let id = UUID(uuidString: id),
              let segment = try await Segment.find(id, on: database), segment.$owner.id == user
        else { throw Refusal.notFound("segment") }
        try await database.retryingTransaction { transaction in
            try await SegmentEffortRow.query(on: transaction).filter(\.$segment.$id == id).delete()
            try await segment.delete(on: transaction)
        }
    }
}
