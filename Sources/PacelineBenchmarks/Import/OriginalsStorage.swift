import Fluent
import Foundation
import PacelineServer
import SQLKit

/// What keeping every upload's original costs a database (`paceline-bench import`,
/// docs/PERFORMANCE.md): its size with the originals and without them, and theirs.
public struct OriginalsStorage: Sendable {
    /// Runs not deleted.
    public var activities: Int
    /// Originals kept (a file of several activities is one).
    public var originals: Int
    /// Their bytes as uploaded.
    public var receivedBytes: Int
    /// Their bytes as kept (gzip).
    public var storedBytes: Int
    /// The database's size, compacted (SQLite: `VACUUM INTO`; PostgreSQL: its tables,
    /// indexes and TOAST).
    public var databaseBytes: Int
    /// The same without the originals (SQLite: the compact copy with them deleted and
    /// vacuumed again; PostgreSQL: less `originals` with its TOAST and indexes).
    public var withoutOriginalsBytes: Int

    /// What a thousand activities cost in originals: the database's growth, per 1,000.
    public var perThousandActivities: Double {
        activities == 0 ? 0 : Double(databaseBytes - withoutOriginalsBytes) * 1_000 / Double(activities)
    }

    /// Measures the database at `location` (a server may be using it meanwhile).
    public static func measure(_ location: DatabaseLocation) async throws -> OriginalsStorage {
        try await location.withApplication { app in
            let sql = app.db.sql
            let counts = try await sql.raw("""
                SELECT (SELECT COUNT(*) FROM runs WHERE deleted_at IS NULL) AS activities, COUNT(*) AS originals,
                       CAST(COALESCE(SUM(byte_count), 0) AS BIGINT) AS received,
                       CAST(COALESCE(SUM(LENGTH(bytes)), 0) AS BIGINT) AS stored
                FROM originals
                """).first()
            var storage = OriginalsStorage(
                activities: try counts?.decode(column: "activities", as: Int.self) ?? 0,
                originals: try counts?.decode(column: "originals", as: Int.self) ?? 0,
                receivedBytes: try counts?.decode(column: "received", as: Int.self) ?? 0,
                storedBytes: try counts?.decode(column: "stored", as: Int.self) ?? 0,
                databaseBytes: 0, withoutOriginalsBytes: 0)
            switch location {
            case .sqlite:
                // One connection: the copy is attached to it alone.
                (storage.databaseBytes, storage.withoutOriginalsBytes) = try await app.db.withConnection { connection in
                    try await sqliteSizes(connection.sql)
                }
            case .postgres:
                (storage.databaseBytes, storage.withoutOriginalsBytes) = try await postgresSizes(sql)
            }
            return storage
        }
    }

    /// A compact copy's size, then its size once its originals are deleted and it is vacuumed.
    private static func sqliteSizes(_ sql: any SQLDatabase) async throws -> (Int, Int) {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-bench-originals-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: copy) }
        try await sql.raw("VACUUM INTO \(bind: copy.path)").run()
        let with = try size(of: copy)
        try await sql.raw("ATTACH DATABASE \(bind: copy.path) AS measured").run()
        try await sql.raw("UPDATE measured.runs SET original_id = NULL, original_activity = NULL").run()
        try await sql.raw("DELETE FROM measured.originals").run()
        try await sql.raw("VACUUM measured").run()
        try await sql.raw("DETACH DATABASE measured").run()
        return (with, try size(of: copy))
    }

    /// The schema's tables with their indexes and TOAST, and `originals`' share of them.
    private static func postgresSizes(_ sql: any SQLDatabase) async throws -> (Int, Int) {
        let row = try await sql.raw("""
            SELECT SUM(pg_total_relation_size(c.oid))::bigint AS total,
                   pg_total_relation_size('originals')::bigint AS originals
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND c.relkind = 'r'
            """).first()
        let total = try row?.decode(column: "total", as: Int.self) ?? 0
        return (total, total - (try row?.decode(column: "originals", as: Int.self) ?? 0))
    }

    private static func size(of file: URL) throws -> Int {
        try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
    }
}
