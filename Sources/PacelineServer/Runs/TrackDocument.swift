import Fluent
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore

/// A run's track as `GET /runs/{id}/track` serves it: the GeoJSON of the run as its viewer
/// sees it (`RunView`), compact and gzipped, made once while kept and then served as the
/// bytes they are.
///
/// Made, it costs a read of the track, a GeoJSON write and a gzip (a 50,000-fix run is
/// about 3.5 MB of JSON, 0.9 MB gzipped; docs/PERFORMANCE.md); kept, nothing but the
/// run's row. Almost every client accepts gzip; one that does not gets the bytes unzipped.
enum TrackDocument {
    /// The tracks kept: 64 MiB of gzipped GeoJSON, some hundred long runs.
    static let kept = RecentBytes<RunView>(capacityBytes: 64 << 20)

    /// The track of `run` (fetched without it) as `view` sees it, gzipped when `gzip`.
    static func body(of run: Run, as view: RunView, gzip: Bool, on database: any Database) async throws -> StoredJSON {
        let gzipped = try await kept.bytes(for: view) {
            try await RunAccess.loadTrack(of: run, on: database)
            return try Gzip.compress(Data(GeoJSONWriter.write(try run.activity(hiding: view.hidden)).utf8), level: ResponseCompression.level)
        }
        if gzip { return StoredJSON(bytes: gzipped, encoding: .gzip) }
        return StoredJSON(bytes: try Gzip.decompress(gzipped, maximumBytes: .max))
    }
}
