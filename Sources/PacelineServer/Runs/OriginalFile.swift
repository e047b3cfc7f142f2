import Crypto
import Fluent
import Foundation
import PacelineAPI
import PacelineArchives
import PacelineCore
import SQLKit

/// The bytes a run is made from, as they were received, made ready to keep once per upload
/// (hashed, and gzipped unless they came gzipped): `RunAftermath.store` keeps them with the
/// run, in the run's transaction, as the owner's `Original`.
struct OriginalFile: Sendable {
    let format: RunOrigin
    /// Hex SHA-256 of the bytes received.
    let sha256: String
    /// How many bytes were received.
    let byteCount: Int
    /// gzip: the bytes received, gzipped here unless they came gzipped.
    let stored: Data
    /// Whether `stored` was gzipped here.
    let compressed: Bool

    /// zlib's level for what is gzipped here: 6, its default, which keeps the fixtures'
    /// GPX files in 12% of their bytes, TCX in 9%, FIT in 47%; 9 saves under 1% more in
    /// three times the time (docs/PERFORMANCE.md).
    static let level: Int32 = 6

    /// `received` as it came, of `format`.
    init(received: Data, format: RunOrigin) throws {
        self.format = format
        sha256 = SHA256.hash(data: received).map { String(format: "%02x", $0) }.joined()
        byteCount = received.count
        compressed = !Gzip.isCompressed(received)
        stored = compressed ? try Gzip.compress(received, level: Self.level) : received
    }

    /// What the phone sent in a live race or follow: the fixes the server logged for it, in
    /// the order sent (numbered from 1, as sent), as one `fixes` message of the live
    /// protocol (`LiveCoding`: ISO 8601 times to the millisecond).
    static func live(_ fixes: [Fix]) throws -> OriginalFile {
        let sent = fixes.enumerated().compactMap { index, fix -> LiveFix? in
            guard let time = fix.time, let coordinate = fix.coordinate else { return nil }
            return LiveFix(sequence: index + 1, latitude: coordinate.latitude, longitude: coordinate.longitude,
                           elevation: fix.elevation, accuracy: fix.horizontalAccuracy, heartRate: fix.heartRate, time: time)
        }
        return try OriginalFile(received: Data(try LiveCoding.encode(LiveClientMessage.fixes(.init(fixes: sent))).utf8), format: .live)
    }

    /// Keeps the file as `owner`'s original, unless they have it already (the same
    /// SHA-256): a second copy costs nothing. Returns its id. Run it in the transaction
    /// that stores the run, so a run refused or failing keeps no original.
    func keep(for owner: UUID, on database: any Database) async throws -> UUID {
        if let id = try await existing(of: owner, on: database) { return id }
        // An upload of the same file racing this one may have kept it meanwhile: the
        // unique index keeps one, and the update that changes nothing answers its id.
        let row = try await database.sql.raw("""
            INSERT INTO originals (id, owner_id, sha256, format, byte_count, compressed, bytes, created_at)
            VALUES (\(bind: UUID()), \(bind: owner), \(bind: sha256), \(bind: format.rawValue), \(bind: byteCount),
                    \(bind: compressed), \(bind: stored), \(bind: Date()))
            ON CONFLICT (owner_id, sha256) DO UPDATE SET owner_id = excluded.owner_id
            RETURNING id
            """).first()
        guard let id = try row?.decode(column: "id", as: UUID.self) else { throw NotKept() }
        return id
    }

    /// The database answered an upsert with no row (never expected).
    private struct NotKept: Error, CustomStringConvertible {
        var description: String { "the original was neither inserted nor found" }
    }

    private func existing(of owner: UUID, on database: any Database) async throws -> UUID? {
        try await Original.query(on: database).filter(\.$owner.$id == owner).filter(\.$sha256 == sha256)
            .field(\.$id).first()?.requireID()
    }
}

extension Run {
    /// Keeps `received`, a file of `format`, as this run's original (activity `index` of
    /// it), as an upload keeps one: for the benchmarks that store runs without uploading
    /// them. Run it in the transaction that stores the run.
    package func keepOriginal(_ received: Data, format: ActivityFormat, index: Int = 0, on database: any Database) async throws {
        originalID = try await OriginalFile(received: received, format: RunOrigin(format)).keep(for: $owner.id, on: database)
        originalActivity = index
    }
}
