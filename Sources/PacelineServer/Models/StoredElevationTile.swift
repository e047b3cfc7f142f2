import Fluent
import Foundation

/// A tile of a digital elevation model as imported (`ElevationTiles`): its `.hgt` bytes,
/// gzipped.
final class StoredElevationTile: Model, @unchecked Sendable {
    static let schema = "elevation_tiles"

    /// The tile's name, `N55W005`.
    @ID(custom: "name", generatedBy: .user) var id: String?
    @Field(key: "samples_per_side") var samplesPerSide: Int
    /// The `.hgt` bytes, gzipped.
    @Field(key: "bytes") var bytes: Data
    @Field(key: "imported_at") var importedAt: Date

    init() {}

    init(name: String, samplesPerSide: Int, bytes: Data, importedAt: Date = Date()) {
        self.id = name
        self.samplesPerSide = samplesPerSide
        self.bytes = bytes
        self.importedAt = importedAt
    }
}
