import Fluent
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore

/// A document made from a run, as `GET /runs/{id}/track`, `/series` and `/export` serve
/// it: made once per view of the run (`RunView`: the run, its last edit, the zones hidden
/// from the viewer), kept, and then served as the bytes they are.
///
/// Made, a document of a 50,000-fix run costs a read of its track, a write and a gzip
/// (40–60 ms; docs/PERFORMANCE.md); kept, nothing but the run's row. Text documents are
/// kept gzipped, as almost every client accepts gzip (one that does not gets them
/// unzipped); FIT, binary, is kept as it is.
enum RunDocument: String, Sendable, Hashable, CaseIterable {
    /// The track as GeoJSON (`getRunTrack`).
    case track
    /// Distance, time, speed, elevation and sensors every 20 m, as JSON (`getRunSeries`).
    case series
    case gpx, tcx, fit

    /// What a document is kept by: the view it was made for, and which document.
    struct Key: Hashable, Sendable {
        var view: RunView
        var document: RunDocument
    }

    /// The documents kept: 96 MiB, some hundred long runs' tracks, series and exports.
    static let kept = RecentBytes<Key>(capacityBytes: 96 << 20)

    /// Whether the kept bytes are gzipped.
    var keptGzipped: Bool { self != .fit }

    /// The document of `run` (fetched without its track) as `view` sees it: gzipped when it
    /// is kept so and `gzip` (the client accepts it), else plain.
    func body(of run: Run, as view: RunView, gzip: Bool, on database: any Database) async throws -> StoredDocument {
        let bytes = try await Self.kept.bytes(for: Key(view: view, document: self)) {
            try await RunAccess.loadTrack(of: run, on: database)
            let plain = try make(from: run, as: view)
            return keptGzipped ? try Gzip.compress(plain, level: ResponseCompression.level) : plain
        }
        guard keptGzipped else { return StoredDocument(bytes: bytes) }
        if gzip { return StoredDocument(bytes: bytes, encoding: .gzip) }
        return StoredDocument(bytes: try Gzip.decompress(bytes, maximumBytes: .max))
    }

    /// The document's bytes, made from `run` with its track.
    private func make(from run: Run, as view: RunView) throws -> Data {
        switch self {
        case .track:
            return Data(GeoJSONWriter.write(try run.activity(hiding: view.hidden)).utf8)
        case .series:
            return try JSONEncoder().encode(try Self.series(of: run, as: view))
        case .gpx, .tcx, .fit:
            var activity = try run.activity(hiding: view.hidden)
            // A FIT session carries its totals: to the owner the run's, as the app shows them;
            // to anyone else the shown track's own, as its distance is (the whole run's
            // would measure what was hidden).
            if view.hidden.isEmpty {
                activity.deviceTotals = DeviceTotals(ascentMeters: run.ascentMeters, descentMeters: run.descentMeters)
            }
            return switch self {
            case .gpx: Data(GPXWriter.write(activity).utf8)
            case .tcx: Data(TCXWriter.write(activity).utf8)
            default: FITWriter.write(activity)
            }
        }
    }

    /// The run's checkpoints every 20 m with its sensors at each, outside the hidden zones,
    /// measured from the first shown (`[Checkpoint].hiding`).
    private static func series(of run: Run, as view: RunView) throws -> Series {
        let activity = try run.activity()
        let all = try Run.checkpoints(of: activity)
        let checkpoints = all.hiding(view.hidden)
        let origin = all.firstShown(hiding: view.hidden)?.elapsed ?? 0
        let start = (activity.track.fixes.lazy.compactMap(\.time).first ?? Date()).addingTimeInterval(origin)
        let sensors = SensorReading.readings(of: activity, since: start, at: checkpoints.map(\.elapsed))
        let points = zip(checkpoints, sensors).map { checkpoint, sensor in
            Components.Schemas.SeriesPoint(
                distanceMeters: checkpoint.distance, elapsedSeconds: checkpoint.elapsed,
                speedMetersPerSecond: checkpoint.speed, elevationMeters: checkpoint.elevation,
                latitude: checkpoint.coordinate.latitude, longitude: checkpoint.coordinate.longitude,
                heartRate: sensor.heartRate, cadence: sensor.cadence, power: sensor.power)
        }
        return Series(runId: view.run.apiID, points: points)
    }

    /// `RunSeries` in openapi.yaml.
    private struct Series: Encodable {
        var runId: String
        var points: [Components.Schemas.SeriesPoint]
    }
}
