import Fluent
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore

/// The original a run was made from (`Original`): read back as the upload read it, given
/// to its owner alone, and let go with the last of the owner's runs that uses it.
enum RunOriginal {
    /// The run's original, its bytes included; nil when it has none (stored before
    /// originals were kept, or deleted). Whoever asks must be the run's owner.
    static func original(of run: Run, on database: any Database) async throws -> Original? {
        guard let id = run.originalID else { return nil }
        return try await Original.query(on: database).filter(\.$id == id).filter(\.$owner.$id == run.$owner.id).first()
    }

    /// The original of `owner`'s run `runID`, with the run (read without its track): 404
    /// unless they own it (it holds what privacy zones hide), and 404 when it has none.
    static func original(ofRun runID: String, ownedBy owner: UUID, on database: any Database) async throws -> (run: Run, original: Original) {
        let run = try await RunAccess.ownedRun(runID, by: owner, on: database, withTrack: false)
        guard let original = try await original(of: run, on: database) else {
            throw Refusal(.notFound, code: "not_found",
                           message: "the run has no original: it was stored before uploads were kept")
        }
        return (run, original)
    }

    /// The activity `run` was made from, read again from its original by the readers an
    /// upload uses: a file's by `RunUpload.read` (its `FileLimits`, gzip inflated as read),
    /// the app's JSON by `RunUpload`'s own path, a live race's or follow's from its fixes
    /// (with the run's sport, as the live hub records it). Of a file of several, the
    /// activity the run is (`Run.originalActivity`). Nil when the run has no original.
    ///
    /// The activity is as the upload read it: before `FixLimits` screens its numbers and
    /// before its sport is inferred, or chosen by the upload's `sport` or later by its owner
    /// (the run's `sport` says what it is now); a live one holds every fix the phone sent,
    /// so a race's from before the gun and past the line too, where the run is cut at both.
    /// - Throws: `Refusal` when the original can't be read as it was when it was kept
    ///   (a reader changed since, or limits lowered).
    static func activity(of run: Run, on database: any Database) async throws -> Activity? {
        guard let original = try await original(of: run, on: database) else { return nil }
        let index = run.originalActivity ?? 0
        let activities: [Activity]
        switch original.format {
        case .gpx, .tcx, .fit:
            // Kept as gzip, which the readers inflate as they read it.
            activities = try RunUpload.read(original.bytes, as: original.format.activityFormat).0
        case .json:
            let upload = try wire.decode(Components.Schemas.FixUpload.self, from: try received(original))
            activities = [try RunUpload.activity(from: upload)]
        case .live:
            let message = try LiveCoding.decode(LiveClientMessage.self, from: String(decoding: try received(original), as: UTF8.self))
            guard case .fixes(let sent) = message else { throw unreadable("its live fixes are not a `fixes` message") }
            let fixes = sent.fixes.map { fix in
                Fix(time: fix.time, coordinate: Coordinate(latitude: fix.latitude, longitude: fix.longitude),
                    elevation: fix.elevation, horizontalAccuracy: fix.accuracy, heartRate: fix.heartRate)
            }
            activities = [Activity(format: .gpx, sport: run.sport, track: Track(segments: [fixes]))]
        }
        guard activities.indices.contains(index) else {
            throw unreadable("it holds \(activities.count) activities, and the run is number \(index + 1)")
        }
        return activities[index]
    }

    /// The bytes as they were received.
    static func received(_ original: Original) throws -> Data {
        original.compressed ? try Gzip.decompress(original.bytes, maximumBytes: ActivityFile.maximumUncompressedBytes) : original.bytes
    }

    /// Lets go of `run`'s original as the run is deleted (in its transaction): deleted
    /// unless another of the owner's runs, not deleted, was made from it too.
    static func release(_ run: Run, on database: any Database) async throws {
        guard let id = run.originalID else { return }
        run.originalID = nil
        run.originalActivity = nil
        let othersUsing = try await Run.query(on: database).filter(\.$originalID == id).filter(\.$id != run.requireID()).count()
        if othersUsing == 0 {
            try await Original.query(on: database).filter(\.$id == id).filter(\.$owner.$id == run.$owner.id).delete()
        }
    }

    private static func unreadable(_ why: String) -> Refusal {
        Refusal.unprocessable("the run's original can't be read: \(why)")
    }

    /// Reads a JSON body as the API's generated code does: dates as `FlexibleDateTranscoder` reads them.
    private static var wire: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try FlexibleDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        return decoder
    }
}

extension Original {
    /// The file's extension: its format's, with `.gz` when it came gzipped; `json` for the
    /// app's recording, `live.json` for live fixes.
    var fileExtension: String {
        switch format {
        case .gpx, .tcx, .fit: compressed ? format.rawValue : "\(format.rawValue).gz"
        case .json: "json"
        case .live: "live.json"
        }
    }
}
