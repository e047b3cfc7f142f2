import Fluent
import Foundation
import PacelineCore
import SQLKit
import Vapor

/// What `importPointsOfInterest` did.
public struct POIImportCounts: Sendable, Hashable, Codable {
    /// Points new to the database.
    public var imported = 0
    /// Points already there (same source and id), now updated.
    public var updated = 0

    public init(imported: Int = 0, updated: Int = 0) {
        self.imported = imported
        self.updated = updated
    }
}

/// Writes `points` to the database at `location` (migrated first, as `serve` does):
/// a point already there with the same source and id is updated, a new one inserted.
/// All in one transaction, so a failure leaves the database as it was. `progress` is
/// told how many points are written so far, after each batch of 500.
///
/// The CLI (`paceline poi import`) calls this; it does not link Vapor itself.
/// - Complexity: O(n) rows written, in batches of 500 (one lookup and at most one
///   multi-row insert per batch).
public func importPointsOfInterest(
    _ points: [PointOfInterest], into location: DatabaseLocation, progress: @escaping @Sendable (Int) -> Void = { _ in }
) async throws -> POIImportCounts {
    try await location.withApplication { app in
        try await POIImporter.write(points, on: app.db, progress: progress)
    }
}

enum POIImporter {
    static let batchSize = 500

    static func write(_ points: [PointOfInterest], on database: any Database, progress: @escaping @Sendable (Int) -> Void) async throws -> POIImportCounts {
        // PostgreSQL's text can't hold U+0000: a data set's text loses its NULs, as an
        // uploaded file's labels do (`TextInput.storable`), on both databases alike.
        let points = points.map(\.storable)
        // A data set naming one point twice keeps the last, as a re-import would.
        var latest: [String: Int] = [:]
        for (index, point) in points.enumerated() { latest[point.source + "\u{1F}" + point.sourceID] = index }
        let unique = points.indices.filter { latest[points[$0].source + "\u{1F}" + points[$0].sourceID] == $0 }.map { points[$0] }
        return try await database.retryingTransaction { transaction in
            var counts = POIImportCounts()
            var written = 0
            for start in stride(from: 0, to: unique.count, by: batchSize) {
                let batch = unique[start..<min(start + batchSize, unique.count)]
                var existing: [String: PointOfInterestRow] = [:]
                for (source, group) in Dictionary(grouping: batch, by: \.source) {
                    let rows = try await PointOfInterestRow.query(on: transaction).filter(\.$source == source)
                        .filter(\.$sourceID ~~ group.map(\.sourceID)).all()
                    for row in rows { existing[row.source + "\u{1F}" + row.sourceID] = row }
                }
                var new: [PointOfInterestRow] = []
                for point in batch {
                    if let row = existing[point.source + "\u{1F}" + point.sourceID] {
                        try row.fill(from: point)
                        if row.hasChanges { try await row.save(on: transaction) }
                        counts.updated += 1
                    } else {
                        let row = PointOfInterestRow()
                        try row.fill(from: point)
                        new.append(row)
                    }
                }
                if !new.isEmpty { try await new.create(on: transaction) }
                // Their credited photos, for the instance to fetch and serve (`PictureFetching`):
                // a photo whose author and licence the data doesn't give stays a link to where
                // it is, as the instance may not copy it without them.
                try await Pictures.register(batch.filter { $0.photoCredit != nil }.compactMap(\.photoURL), on: transaction)
                counts.imported += new.count
                written += batch.count
                progress(written)
            }
            return counts
        }
    }
}

extension PointOfInterest {
    /// The point with its text storable in any database: no U+0000.
    var storable: PointOfInterest {
        var point = self
        point.source = TextInput.storable(source)
        point.sourceID = TextInput.storable(sourceID)
        point.title = TextInput.storable(title)
        point.inscription = inscription.map(TextInput.storable)
        point.subjects = subjects.map { .init(name: TextInput.storable($0.name), wikipediaURL: $0.wikipediaURL.map(TextInput.storable)) }
        point.photoURL = photoURL.map(TextInput.storable)
        point.photoCredit = photoCredit.map(TextInput.storable)
        return point
    }
}

extension PointOfInterestRow {
    /// Copies `point` in (its text `storable` already).
    func fill(from point: PointOfInterest) throws {
        source = point.source
        sourceID = point.sourceID
        title = point.title
        inscription = point.inscription
        latitude = point.coordinate.latitude
        longitude = point.coordinate.longitude
        subjects = point.subjects
        erectedYear = point.erectedYear
        photoURL = point.photoURL
        photoCredit = point.photoCredit
    }

}
