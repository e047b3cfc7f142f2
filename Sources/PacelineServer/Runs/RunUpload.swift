import Foundation
import OpenAPIRuntime
import PacelineAPI
import PacelineArchives
import PacelineCore

/// Reads an upload's body, whatever its shape, into its activities.
enum RunUpload {
    /// What an upload held.
    struct Received {
        /// One, unless a file holds several (`ActivityReader.readAll`), in the file's order.
        var activities: [Activity]
        /// What they came in: "gpx", "tcx", "fit" or "json".
        var format: RunOrigin
        /// The body as received (a form's file part), which the runs keep.
        var original: OriginalFile
    }

    /// The activities in `body`, and the body as received. The body's size is limited by
    /// `RequestBodyLimit` as it arrives.
    static func activities(from body: Operations.UploadRun.Input.Body) async throws -> Received {
        switch body {
        case .applicationGpxXml(let file): return try received(try await collect(file), as: .gpx)
        case .applicationVnd_garmin_tcxXml(let file): return try received(try await collect(file), as: .tcx)
        case .applicationVnd_ant_fit(let file): return try received(try await collect(file), as: .fit)
        case .binary(let file), .any(let file): return try received(try await collect(file), as: nil)
        case .json(let upload):
            let activity = try activity(from: upload)
            return Received(activities: [activity], format: .json,
                            original: try OriginalFile(received: try ReceivedJSONBody.required(), format: .json))
        case .multipartForm(let parts): return try await activities(from: parts)
        }
    }

    /// The activities in the form's `file` part, else in its first part with a file name,
    /// whatever the field is called (`gpx`, `upload`, `data`: other apps name it as they
    /// like); a part without one (a note, a title) is passed over. A form the runtime can't
    /// parse (broken framing, no file) is the client's mistake: 400, not 500.
    private static func activities(
        from parts: MultipartBody<Operations.UploadRun.Input.Body.MultipartFormPayload>
    ) async throws -> Received {
        do {
            for try await part in parts {
                switch part {
                case .file(let file):
                    let format = file.filename.flatMap(ActivityFile.format(ofName:))
                    return try received(try await collect(file.payload.body), as: format)
                case .undocumented(let other) where other.filename != nil:
                    let format = other.filename.flatMap(ActivityFile.format(ofName:))
                    return try received(try await collect(other.body), as: format)
                case .undocumented(let other):
                    // The next part can only be read once this one's body has been.
                    for try await _ in other.body {}
                }
            }
        } catch let error as Refusal {
            throw error
        } catch {
            throw Refusal.invalid("the form can't be read: \(error)")
        }
        throw Refusal.invalid("the form has no file: send it as the `file` part, or as any part with a file name")
    }

    /// The whole body.
    private static func collect(_ body: HTTPBody) async throws -> Data {
        var data = Data()
        for try await chunk in body { data.append(contentsOf: chunk) }
        return data
    }

    /// The activities of an uploaded file, and the file, to keep once it has been read.
    private static func received(_ upload: Data, as format: ActivityFormat?) throws -> Received {
        let (activities, format) = try read(upload, as: format)
        return Received(activities: activities, format: RunOrigin(format),
                        original: try OriginalFile(received: upload, format: RunOrigin(format)))
    }

    /// Reads an uploaded file (or an original kept of one: `RunOriginal`), inflated as it
    /// is read when it is gzip (whatever its declared type), and the format it was read as.
    /// The readers count what they read and stop at `FileLimits` (422 `over_limit`,
    /// naming the limit), so no upload holds more than a real one.
    static func read(_ upload: Data, as format: ActivityFormat?) throws -> ([Activity], ActivityFormat) {
        guard !upload.isEmpty else { throw Refusal.invalid("the upload is empty") }
        let stream = ActivityFile.stream(of: upload)
        guard let format = format ?? ActivityReader.sniff(stream) else {
            if let failure = stream.sourceError { throw refusal(failure, reading: "gzip") }
            throw Refusal(.unsupportedFormat, code: "unsupported_media_type",
                           message: "the file is neither GPX, TCX nor FIT")
        }
        let activities: [Activity]
        do {
            activities = try ActivityReader.readAll(stream, format: format)
        } catch let failure as ActivityFileError {
            throw refusal(failure, reading: stream.sourceError == nil ? format.rawValue.uppercased() : "gzip")
        } catch {
            throw Refusal(.unprocessable, code: "invalid_file",
                           message: "the \(format.rawValue.uppercased()) file can't be read: \(error)")
        }
        // As many pauses as a JSON upload may have: no recording has more, and the analysis
        // of segments out of time order grows with their number.
        guard activities.count <= maximumActivities else {
            throw Refusal(.unprocessable, code: "invalid_file",
                           message: "the file holds \(activities.count) activities, more than \(maximumActivities) in one upload")
        }
        let segments = activities.reduce(0) { $0 + $1.track.segments.count }
        guard segments <= maximumSegments else {
            throw Refusal(.unprocessable, code: "over_limit",
                           message: "the file has \(segments) track segments, more than \(maximumSegments)")
        }
        return (activities, format)
    }

    /// The answer to a file that can't be read: 422 `over_limit` past a limit, 422
    /// `invalid_file` otherwise, saying why.
    private static func refusal(_ failure: ActivityFileError, reading kind: String) -> Refusal {
        failure.kind == .overLimit
            ? Refusal(.unprocessable, code: "over_limit", message: "\(failure)")
            : Refusal(.unprocessable, code: "invalid_file", message: "the \(kind) file can't be read: \(failure)")
    }

    /// The most fixes one upload may carry, in `fixes` or in all its `segments`.
    static let maximumFixes = FileLimits.fixes
    /// The most segments one upload may carry.
    static let maximumSegments = FileLimits.segments
    /// The most activities one file may make runs of: a multisport day has a handful.
    static let maximumActivities = 100

    /// A run the browser recorded: `fixes`, one segment, or `segments`, the stretches
    /// between the runner's pauses; each segment in time order, nothing counted across a
    /// break (see `Track`).
    static func activity(from upload: Components.Schemas.FixUpload) throws -> Activity {
        let segments: [[Fix]]
        switch (upload.fixes, upload.segments) {
        case (let fixes?, nil):
            guard fixes.count <= maximumFixes else { throw overLimit("fixes: \(fixes.count) fixes, more than \(maximumFixes)") }
            segments = [sorted(fixes)]
        case (nil, let inputs?):
            guard !inputs.isEmpty else { throw Refusal.invalid("segments: a run has at least one segment") }
            guard inputs.count <= maximumSegments else {
                throw overLimit("segments: \(inputs.count) segments, more than \(maximumSegments)")
            }
            let total = inputs.reduce(0) { $0 + $1.count }
            guard total <= maximumFixes else {
                throw overLimit("segments: \(total) fixes in all, more than \(maximumFixes)")
            }
            var checkedSegments: [[Fix]] = []
            checkedSegments.reserveCapacity(inputs.count)
            for (index, inputs) in inputs.enumerated() {
                guard !inputs.isEmpty else { throw Refusal.invalid("segments[\(index)] is empty: every segment has a fix") }
                let fixes = sorted(inputs)
                if let previousEnd = checkedSegments.last?.last?.time, let start = fixes.first?.time, start < previousEnd {
                    throw Refusal.invalid("segments[\(index)] starts before segments[\(index - 1)] ends: segments are in time order")
                }
                checkedSegments.append(fixes)
            }
            segments = checkedSegments
        case (_?, _?):
            throw Refusal.invalid("send either `fixes` or `segments`, not both")
        case (nil, nil):
            throw Refusal.invalid("send the run's `fixes` (or its `segments`)")
        }
        var activity = Activity(format: .gpx, name: try TextInput.checked(upload.name, "name", .name),
                                sport: upload.sport ?? .other, track: Track(segments: segments))
        if upload.sport != nil { activity.sportSource = .chosen }
        return activity
    }

    /// 422 `over_limit`, saying which.
    private static func overLimit(_ message: String) -> Refusal {
        Refusal(.unprocessable, code: "over_limit", message: message)
    }

    /// The fixes of one segment, sorted by time. Their numbers are checked with the file's
    /// afterwards (`FixLimits`): a fix that can't be true is dropped and counted, not refused.
    private static func sorted(_ inputs: [Components.Schemas.FixInput]) -> [Fix] {
        var fixes = inputs.map { input in
            Fix(time: input.time, coordinate: Coordinate(latitude: input.latitude, longitude: input.longitude),
                elevation: input.elevation, horizontalAccuracy: input.horizontalAccuracy, heartRate: input.heartRate)
        }
        fixes.sort { $0.time! < $1.time! }
        return fixes
    }
}
