import Fluent
import Foundation
import PacelineCore

extension RunBook {
    /// What the uploader chose for the runs of an upload.
    struct UploadChoices {
        /// The client's `Idempotency-Key`: a retry makes only what is missing.
        var key: String?
        var name: String?
        var description: String?
        /// For a file of one activity: its sport, chosen; else the file's, or its speeds'.
        var sport: Sport?
        /// Else the owner's default.
        var privacy: Privacy?
        var utcOffsetSeconds: Int?
        /// The workout it was run to (the owner's), logged with the first activity.
        var workout: Workout?
        /// Answer with the owner's run of the same activity, uploaded before, instead of a copy.
        var skipDuplicates = false
        /// One of an import of many files (`RunAftermath.store`).
        var batched = false
    }

    /// What became of one activity of an upload.
    enum UploadOutcome {
        /// Made now; what was left out of its fixes as impossible.
        case created(Run, FixLimits.Screening)
        /// Made before by an upload with the same key.
        case existing(Run)
        /// The same activity, uploaded before without the key.
        case duplicate(Run)

        var run: Run {
            switch self {
            case .created(let run, _), .existing(let run), .duplicate(let run): run
            }
        }

        var isNew: Bool { if case .created = self { true } else { false } }
    }

    /// What became of an upload's activities: one outcome for each that became (or was
    /// already) a run, in the file's order, and the activities left out, numbered from 1,
    /// with why.
    struct Recorded {
        var outcomes: [UploadOutcome]
        var leftOut: [(activity: Int, refusal: Refusal)]
    }

    /// Records each activity of `upload` as a run of `owner`, which keeps the upload as its
    /// original. A file of several activities records those it can and says why it left out
    /// the others (each refused as unprocessable); a file of one is refused whole.
    /// - Throws: the refusal of the first activity when none could be recorded.
    static func record(_ upload: RunUpload.Received, _ choices: UploadChoices, owner: User, on database: any Database) async throws -> Recorded {
        let activities = upload.activities
        var recorded = Recorded(outcomes: [], leftOut: [])
        for (index, activity) in activities.enumerated() {
            var choices = choices
            // Each activity of a file has its own key, so a retry after a failure part-way
            // makes only what is missing.
            choices.key = choices.key.map { index == 0 ? $0 : "\($0)#\(index + 1)" }
            if activities.count > 1 { choices.sport = nil }
            do {
                recorded.outcomes.append(try await record(activity, of: upload, index: index, choices, owner: owner,
                                                          workout: index == 0 ? choices.workout : nil, on: database))
            } catch let refusal as Refusal where activities.count > 1 && refusal.reason == .unprocessable {
                recorded.leftOut.append((index + 1, refusal))
            }
        }
        if recorded.outcomes.isEmpty { throw recorded.leftOut.first?.refusal ?? Refusal.invalid("the file holds no activity") }
        return recorded
    }

    /// Records one activity, the `index`th of `upload`, as a run, unless its key or its
    /// content was uploaded before; the run keeps the upload as its original.
    private static func record(
        _ activity: Activity, of upload: RunUpload.Received, index: Int, _ choices: UploadChoices, owner: User, workout: Workout?,
        on database: any Database
    ) async throws -> UploadOutcome {
        let ownerID = try owner.requireID()
        if let key = choices.key, let existing = try await run(withKey: key, owner: ownerID, on: database) { return .existing(existing) }
        var activity = activity
        // Numbers that can't be true are left out before anything is measured, and said so.
        let screening: FixLimits.Screening
        (activity.track, screening) = FixLimits(now: Date()).screen(activity.track)
        // A phone's satellite altitude gives way to the ground's, where the model has it.
        activity = try await ElevationTiles.elevations(for: activity, on: database)
        if let chosen = choices.sport {
            activity.sport = chosen
            activity.sportSource = .chosen
        } else {
            // A file that names no sport is what its speeds say (a 25 km/h ride is no run);
            // with nothing to go on, a run, which the recorder then measures.
            activity.inferSportIfUnnamed()
            if activity.sport == .other, activity.sportSource == .file, !activity.namesUnlistedSport { activity.sport = .run }
        }
        let physiology = try await PhysiologyBook.history(of: ownerID, on: database)
        let (run, checkpoints): (Run, [Checkpoint]?)
        do {
            (run, checkpoints) = try RunRecorder.run(of: activity, format: upload.format, owner: owner,
                                                     privacy: choices.privacy ?? owner.defaultPrivacy, name: choices.name,
                                                     utcOffsetSeconds: choices.utcOffsetSeconds, physiology: physiology)
        } catch var refusal as Refusal where !screening.isEmpty {
            refusal.message += " (left out as impossible: \(screening))"
            throw refusal
        }
        if choices.skipDuplicates, let duplicate = try await sameActivity(as: run, owner: ownerID, on: database) {
            return .duplicate(duplicate)
        }
        run.idempotencyKey = choices.key
        run.description = choices.description
        run.$owner.value = owner
        do {
            try await RunAftermath.store(run, checkpoints: checkpoints, from: activity, original: upload.original,
                                         originalActivity: index, on: database, batched: choices.batched) { transaction in
                if let workout { try await WorkoutLogger.log(run, workout: workout, on: transaction) }
            }
        } catch {
            // The same key raced in from a retry: answer with the run the first one made.
            if let key = choices.key, (error as? any DatabaseError)?.isConstraintFailure == true,
               let existing = try await self.run(withKey: key, owner: ownerID, on: database) {
                return .existing(existing)
            }
            throw error
        }
        return .created(run, screening)
    }

    /// The owner's run of the same activity as `run`, if one was uploaded before: the same
    /// start to the second and the same distance within 2%, the device's or the GPS measure
    /// (a watch's FIT, and the GPX another service exported of it without its odometer).
    private static func sameActivity(as run: Run, owner: UUID, on database: any Database) async throws -> Run? {
        guard let start = run.startTime else { return nil }
        let candidates = try await Run.query(on: database).withoutTrack().filter(\.$owner.$id == owner)
            .filter(\.$startTime >= start.addingTimeInterval(-1)).filter(\.$startTime <= start.addingTimeInterval(1))
            .with(\.$owner).all()
        func distances(_ run: Run) -> [Double] { [run.distanceMeters.storedOrZero] + [run.gpsDistanceMeters.storedOrNil].compactMap { $0 } }
        return candidates.first { candidate in
            distances(candidate).contains { a in distances(run).contains { b in abs(a - b) <= 0.02 * max(a, b, 1) } }
        }
    }

    private static func run(withKey key: String, owner: UUID, on database: any Database) async throws -> Run? {
        try await Run.query(on: database).withDeleted().filter(\.$owner.$id == owner).filter(\.$idempotencyKey == key)
            .with(\.$owner).first()
    }
}
