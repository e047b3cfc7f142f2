import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineCore

extension APIHandler {
    /// POST /runs: a file (or a browser's recording) becomes one run per activity in it.
    func uploadRun(_ input: Operations.UploadRun.Input) async throws -> Operations.UploadRun.Output {
        let owner = try await currentUser()
        let query = input.query, headers = input.headers
        // What FitoTrack's HTTP export says in its headers stands in for what it can't put in the address.
        let description = try TextInput.checked(query.description ?? headers.fitoTrackComment, "description", .description)
        var choices = RunBook.UploadChoices(
            key: try TextInput.checked(headers.idempotencyKey, "Idempotency-Key", .key).flatMap { $0.isEmpty ? nil : $0 },
            name: try TextInput.checked(query.name, "name", .name),
            description: description.flatMap { $0.isEmpty ? nil : $0 },
            sport: query.sport ?? headers.fitoTrackWorkoutType.flatMap(Sport.init(fileName:)),
            privacy: query.privacy, utcOffsetSeconds: try UTCOffset.seconds(query.utcOffsetMinutes),
            // Another app sends what it recorded again and again: its duplicates are answered as such.
            skipDuplicates: query.skipDuplicates ?? (AuthenticatedUser.current?.isPersonal == true), batched: query.batch == true)
        // The workout is looked up before the body is read: a wrong one costs no upload.
        if let id = query.workoutId { choices.workout = try await WorkoutAccess.ownWorkout(id, of: try owner.requireID(), on: database) }
        let upload = try await RunUpload.activities(from: input.body)
        let recorded = try await RunBook.record(upload, choices, owner: owner, on: database)
        let first = recorded.outcomes[0]
        var answer = first.run.schema
        if case .created(_, let screening) = first, !screening.isEmpty { answer.screening = screening.schema }
        if case .duplicate = first { answer.duplicate = true }
        if upload.activities.count > 1 {
            answer.otherRunIds = try recorded.outcomes.dropFirst().map { try $0.run.requireID().apiID }
            answer.activitiesLeftOut = recorded.leftOut.isEmpty ? nil : recorded.leftOut.map {
                .init(activity: $0.activity, code: $0.refusal.code, message: $0.refusal.message)
            }
        }
        return recorded.outcomes.contains(where: \.isNew) ? .created(.init(body: .json(answer))) : .ok(.init(body: .json(answer)))
    }
}
