import Fluent
import Foundation
import PacelineArchives
import PacelineCore
import SQLKit
import Synchronization

/// The digital elevation model an operator imported (`paceline dem import`), kept in the
/// database (`elevation_tiles`) so every instance has the same, and read by each as the
/// activities it stores need it: an activity whose elevations come from satellites takes
/// the model's heights under its positions when the tiles hold them all (`ElevationModel`).
/// Tiles read are kept in memory, at most `cachedBytes` of them, the least recently used
/// let go first; a tile imported again is read again.
package enum ElevationTiles {
    /// The heights of tiles kept in memory at most: five tiles of 1 arc-second.
    static let cachedBytes = 130 << 20

    /// Stores `tile` (its `.hgt` bytes `bytes`), in place of one of its name.
    /// - Returns: the bytes stored, gzipped.
    @discardableResult
    package static func store(_ tile: ElevationTile, bytes: Data, on database: any Database) async throws -> Int {
        let gzipped = try Gzip.compress(bytes)
        try await database.transaction { transaction in
            try await StoredElevationTile.query(on: transaction).filter(\.$id == tile.name).delete()
            try await StoredElevationTile(name: tile.name, samplesPerSide: tile.samplesPerSide, bytes: gzipped).create(on: transaction)
        }
        return gzipped.count
    }

    /// `activity` with the model's heights under its positions, when it takes its
    /// elevations from a model and the imported tiles hold every position; else as it is.
    package static func elevations(for activity: Activity, on database: any Database) async throws -> Activity {
        guard ElevationModel.applies(to: activity) else { return activity }
        let names = ElevationModel.tileNames(for: activity)
        guard let tiles = try await tiles(named: names, on: database), tiles.count == names.count else { return activity }
        return ElevationModel(tiles: tiles).elevations(for: activity) ?? activity
    }

    /// The model made of the imported tiles that `coordinates` lie on (those imported: a
    /// coordinate off them has no height in it).
    package static func model(under coordinates: [Coordinate], on database: any Database) async throws -> ElevationModel {
        ElevationModel(tiles: try await tiles(named: Set(coordinates.map(ElevationTile.name(holding:))), on: database) ?? [])
    }

    /// The tiles of `names` that are imported, read from the cache where it has them; nil
    /// when one went between listing and reading.
    private static func tiles(named names: Set<String>, on database: any Database) async throws -> [ElevationTile]? {
        let stored = try await StoredElevationTile.query(on: database).filter(\.$id ~~ Array(names))
            .field(\.$id).field(\.$importedAt).all()
        var tiles: [ElevationTile] = []
        for row in stored {
            let name = try row.requireID()
            if let tile = cache.tile(name, importedAt: row.importedAt) {
                tiles.append(tile)
                continue
            }
            guard let full = try await StoredElevationTile.find(name, on: database) else { return nil }
            let tile = try ElevationTile(name: name, bytes: try Gzip.decompress(full.bytes, maximumBytes: 32 << 20))
            cache.keep(tile, importedAt: full.importedAt)
            tiles.append(tile)
        }
        return tiles
    }

    private static let cache = TileCache(limit: cachedBytes)
}

/// Tiles read, the most recently used last, within a limit of their heights' bytes.
private final class TileCache: Sendable {
    private struct Entry {
        var tile: ElevationTile
        var importedAt: Date
    }
    private let entries = Mutex<[(name: String, entry: Entry)]>([])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The tile of `name`, when the one kept is the one imported at `importedAt`.
    func tile(_ name: String, importedAt: Date) -> ElevationTile? {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.name == name }) else { return nil }
            let found = entries.remove(at: index)
            guard abs(found.entry.importedAt.timeIntervalSince(importedAt)) < 0.001 else { return nil }
            entries.append(found)
            return found.entry.tile
        }
    }

    func keep(_ tile: ElevationTile, importedAt: Date) {
        entries.withLock { entries in
            entries.removeAll { $0.name == tile.name }
            entries.append((tile.name, Entry(tile: tile, importedAt: importedAt)))
            while entries.count > 1, entries.reduce(0, { $0 + $1.entry.tile.bytes }) > limit { entries.removeFirst() }
        }
    }
}
