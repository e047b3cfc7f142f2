import Fluent
import Foundation
import PacelineCore

/// A runner's runs, with one owner for each thing done to them: recording a run (an
/// upload's activities, `RunBook+Upload.swift`; what a live follow or race sent,
/// `recordLive`), changing one, deleting one, and listing them. Handlers decode, call one of
/// these, and encode; the measuring is `RunRecorder`'s and what follows a stored run is
/// `RunAftermath`'s, which only these call. Refusals are `Refusal`s.
enum RunBook {
    /// Records what the phone sent live (a follow, a race) as `owner`'s run, private to
    /// their default, keeping every fix `sent` as its original; `fixes` are those the run is
    /// made of (a race's from the gun to the line). `alongside` runs in the run's
    /// transaction (the follow that names it).
    /// - Throws: `Refusal` (unprocessable) when there is too little to make a run of.
    static func recordLive(
        _ fixes: [Fix], sent: [Fix], sport: Sport, owner: User, name: String, on database: any Database,
        alongside: @escaping @Sendable (Run, any Database) async throws -> Void = { _, _ in }
    ) async throws -> Run {
        let activity = try await ElevationTiles.elevations(for: Activity(format: .gpx, name: nil, sport: sport, track: Track(segments: [fixes])),
                                                           on: database)
        let physiology = try await PhysiologyBook.history(of: try owner.requireID(), on: database)
        let (run, checkpoints) = try RunRecorder.run(of: activity, format: .live, owner: owner, privacy: owner.defaultPrivacy, name: name,
                                                     physiology: physiology)
        try await RunAftermath.store(run, checkpoints: checkpoints, from: activity, original: try .live(sent), on: database) { transaction in
            try await alongside(run, transaction)
        }
        return run
    }

    /// What an owner changes of a run; nil leaves it as it is.
    struct Change {
        /// Trimmed and not empty (the handler checks the text's limits).
        var name: String?
        /// Empty removes it.
        var description: String?
        var privacy: Privacy?
        var sport: Sport?
        /// A piece of the owner's gear; empty removes it.
        var gearID: String?
        /// Whether others may comment.
        var commentsOpen: Bool?
    }

    /// Changes `user`'s run `id`: a new sport measures it again (its distance credited, its
    /// efforts, badges and segment efforts follow), and a new sport or privacy measures the
    /// marks of the owner's runs again (`NewRecords`). 404 unless `user` owns it.
    static func change(_ id: String, by user: UUID, _ change: Change, on database: any Database) async throws -> Run {
        let run = try await RunAccess.ownedRun(id, by: user, on: database)
        if let name = change.name {
            guard !name.isEmpty else { throw Refusal.invalid("`name` is empty: an activity needs a title") }
            run.name = name
        }
        if let description = change.description { run.description = description.isEmpty ? nil : description }
        if let open = change.commentsOpen { run.commentsClosed = !open }
        let reprivatised = change.privacy.map { $0 != run.privacy } ?? false
        if let privacy = change.privacy { run.privacy = privacy }
        let resported = change.sport.flatMap { $0 == run.sport ? nil : $0 }
        let sportBefore = run.sport  // before the new sport's measuring sets it
        // Everything the sport decides is measured again; the badges and segment efforts
        // follow. `remeasured`: set when the sport changed, holding the run's new checkpoints.
        let physiology = resported == nil ? PhysiologyHistory.none : try await PhysiologyBook.history(of: user, on: database)
        let remeasured = try resported.map { try RunRecorder.remeasure(run, as: $0, owner: run.owner, physiology: physiology) }
        // The user's lock: the gear named can't be deleted halfway (`Database.lockingUser`).
        try await database.lockingUser(user) { transaction in
            if let gearID = change.gearID {
                run.gearID = gearID.isEmpty ? nil : try await GearBook.piece(gearID, of: user, on: transaction).requireID()
            }
            try await run.save(on: transaction)
            // Its marks, and those of the runs after it, follow its sport and who sees it.
            if resported != nil || reprivatised {
                for sport in Set([sportBefore, run.sport]) { try await NewRecords.measureAll(of: user, sport: sport, on: transaction.sql) }
                run.newRecords = try await Run.query(on: transaction).filter(\.$id == run.requireID()).field(\.$id).field(\.$newRecords)
                    .first()?.newRecords
            }
            if let remeasured {
                _ = try await AchievementBook.refresh(user, on: transaction)
                try await SegmentMatching.rematch(run, checkpoints: remeasured, on: transaction)
            }
            // Who sees it, and its sport, decide which club challenges count it.
            if resported != nil || reprivatised {
                try await ChallengeFinishers.mark(after: user, start: run.startTime, on: transaction)
            }
        }
        return run
    }

    /// Deletes `user`'s run `id` and everything derived from it (`RunDeletion`). 404 unless
    /// `user` owns it.
    static func delete(_ id: String, by user: UUID, on database: any Database) async throws {
        let run = try await RunAccess.ownedRun(id, by: user, on: database)
        try await RunDeletion.delete(run, on: database)
    }
}
