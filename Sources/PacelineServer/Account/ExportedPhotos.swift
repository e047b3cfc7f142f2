import Fluent
import Foundation
import PacelineArchives

/// The photos of an account's export (`AccountExport`): each photo's screen-sized copy at
/// `photos/<its run's file stem>-<n>.jpg`, n from 1 in the run's order.
enum ExportedPhotos {
    /// Adds the photos of `runs` (a page of them) to `archive`: their list in one query,
    /// then one photo's bytes at a time.
    static func add(of runs: [Run], to archive: ZipWriter, on database: any Database) async throws {
        let stems = Dictionary(uniqueKeysWithValues: try runs.map { (try $0.requireID(), try $0.fileStem()) })
        let photos = try await RunPhoto.query(on: database).filter(\.$run.$id ~~ Array(stems.keys))
            .field(\.$id).field(\.$run.$id).field(\.$position).sort(\.$run.$id).sort(\.$position).all()
        var counts: [UUID: Int] = [:]
        for photo in photos {
            guard let stem = stems[photo.$run.id],
                  let stored = try await RunPhoto.query(on: database).filter(\.$id == photo.requireID()).field(\.$id).field(\.$screen).first()
            else { continue }
            counts[photo.$run.id, default: 0] += 1
            try archive.add("photos/\(stem)-\(counts[photo.$run.id]!).jpg", stored.screen)
        }
    }
}
