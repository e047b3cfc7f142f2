import Fluent
import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

extension APIHandler {
    /// POST /runs: a file (or a browser's recording) becomes one run per activity in it.
    func uploadRun(_ input: Operations.UploadRun.Input) async throws -> Operations.UploadRun.Output {
        let owner = try await currentUser()
        let key = try TextInput.checked(input.headers.idempotencyKey, "Idempotency-Key", .key).flatMap { $0.isEmpty ? nil : $0 }
        let name = try TextInput.checked(input.query.name, "name", .name)
        let description = try TextInput.checked(input.query.description, "description", .description)
            .flatMap { $0.isEmpty ? nil : $0 }
        _ = try UTCOffset.seconds(input.query.utcOffsetMinutes)
        let workout: Workout? = if let id = input.query.workoutId {
            try await WorkoutAccess.ownWorkout(id, of: try owner.requireID(), on: database)
        } else { nil }
        let upload = try await RunUpload.activities(from: input.body)
        let activities = upload.activities
        var outcomes: [UploadOutcome] = []
        var leftOut: [Components.Schemas.ActivityLeftOut] = []
        var firstRefusal: APIError?
        for (index, activity) in activities.enumerated() {
            // Each activity of a file has its own key, so a retry after a failure part-way
            // makes only what is missing.
            let partKey = key.map { index == 0 ? $0 : "\($0)#\(index + 1)" }
            do {
                outcomes.append(try await save(activity, of: upload, index: index, key: partKey, owner: owner, name: name,
                                               description: description, sport: activities.count == 1 ? input.query.sport : nil,
                                               input: input, workout: index == 0 ? workout : nil))
            } catch let refusal as APIError where activities.count > 1 && refusal.status == .unprocessableContent {
                leftOut.append(.init(activity: index + 1, code: refusal.code, message: refusal.message))
                firstRefusal = firstRefusal ?? refusal
            }
        }
        guard let first = outcomes.first else { throw firstRefusal ?? APIError.badRequest("the file holds no activity") }
        var answer = first.run.schema
        if case .created(_, let screening) = first, !screening.isEmpty { answer.screening = screening.schema }
        if case .duplicate = first { answer.duplicate = true }
        if activities.count > 1 {
            answer.otherRunIds = try outcomes.dropFirst().map { try $0.run.requireID().apiID }
            answer.activitiesLeftOut = leftOut.isEmpty ? nil : leftOut
        }
        return outcomes.contains(where: \.isNew) ? .created(.init(body: .json(answer))) : .ok(.init(body: .json(answer)))
    }

    /// What became of one activity of an upload.
    private enum UploadOutcome {
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

    /// Saves one activity, the `index`th of `upload`, as a run, unless its key or its
    /// content was uploaded before; the run keeps the upload as its original.
    private func save(
        _ activity: Activity, of upload: RunUpload.Received, index: Int, key: String?, owner: User, name: String?, description: String?,
        sport chosen: Components.Schemas.Sport?, input: Operations.UploadRun.Input, workout: Workout?
    ) async throws -> UploadOutcome {
        let ownerID = try owner.requireID()
        if let key, let existing = try await run(withKey: key, owner: ownerID) { return .existing(existing) }
        var activity = activity
        // Numbers that can't be true are left out before anything is measured, and said so.
        let screening: FixLimits.Screening
        (activity.track, screening) = FixLimits(now: Date()).screen(activity.track)
        // A phone's satellite altitude gives way to the ground's, where the model has it.
        activity = try await ElevationTiles.elevations(for: activity, on: database)
        if let chosen {
            activity.sport = Sport(chosen)
            activity.sportSource = .chosen
        } else {
            // A file that names no sport is what its speeds say (a 25 km/h ride is no run);
            // with nothing to go on, a run, which the recorder then measures.
            activity.inferSportIfUnnamed()
            if activity.sport == .other, activity.sportSource == .file, !activity.namesUnlistedSport { activity.sport = .run }
        }
        let privacy = input.query.privacy ?? owner.defaultPrivacy
        let (run, checkpoints): (Run, [Checkpoint]?)
        do {
            (run, checkpoints) = try RunRecorder.run(of: activity, format: upload.format, owner: owner, privacy: privacy, name: name)
        } catch var error as APIError where !screening.isEmpty {
            error.message += " (left out as impossible: \(screening))"
            throw error
        }
        if input.query.skipDuplicates == true, let duplicate = try await sameActivity(as: run, owner: ownerID) {
            return .duplicate(duplicate)
        }
        run.idempotencyKey = key
        run.description = description
        run.utcOffsetSeconds = input.query.utcOffsetMinutes.map { $0 * 60 }
        run.$owner.value = owner
        do {
            try await RunAftermath.store(run, checkpoints: checkpoints, from: activity, original: upload.original,
                                         originalActivity: index, on: database, batched: input.query.batch == true) { transaction in
                if let workout { try await WorkoutLogger.log(run, workout: workout, on: transaction) }
            }
        } catch {
            // The same key raced in from a retry: answer with the run the first one made.
            if let key, (error as? any DatabaseError)?.isConstraintFailure == true,
               let existing = try await self.run(withKey: key, owner: ownerID) {
                return .existing(existing)
            }
            throw error
        }
        return .created(run, screening)
    }

    /// The owner's run of the same activity as `run`, if one was uploaded before: the same
    /// start to the second and the same distance within 2%, the device's or the GPS measure
    /// (a watch's FIT, and the GPX another service exported of it without its odometer).
    private func sameActivity(as run: Run, owner: UUID) async throws -> Run? {
        guard let start = run.startTime else { return nil }
        let candidates = try await Run.query(on: database).withoutTrack().filter(\.$owner.$id == owner)
            .filter(\.$startTime >= start.addingTimeInterval(-1)).filter(\.$startTime <= start.addingTimeInterval(1))
            .with(\.$owner).all()
        func distances(_ run: Run) -> [Double] { [run.distanceMeters.storedOrZero] + [run.gpsDistanceMeters.storedOrNil].compactMap { $0 } }
        return candidates.first { candidate in
            distances(candidate).contains { a in distances(run).contains { b in abs(a - b) <= 0.02 * max(a, b, 1) } }
        }
    }

    private func run(withKey key: String, owner: UUID) async throws -> Run? {
        try await Run.query(on: database).withDeleted().filter(\.$owner.$id == owner).filter(\.$idempotencyKey == key)
            .with(\.$owner).first()
    }
}
