import Foundation
import SQLKit
import Vapor

/// `paceline backup FILE`: a consistent copy of the database while the server runs.
///
/// - SQLite: `VACUUM INTO`, which reads the database in one transaction (in WAL mode the
///   server goes on reading and writing meanwhile) and writes a compact copy whose
///   integrity is then checked. The copy is a plain SQLite file: restoring is putting it
///   in place of the database, with the server stopped (docs/OPERATIONS.md).
/// - PostgreSQL: `pg_dump --format=custom` (restored with `pg_restore`), which is
///   PostgreSQL's own consistent snapshot.
public enum DatabaseBackup {
    /// What a backup made.
    public struct Report: Sendable {
        public var bytes: Int
        public var seconds: Double
        /// Activities in the copy (SQLite; nil for a dump).
        public var runs: Int?
    }

    public enum Failure: Error, CustomStringConvertible {
        case exists(String)
        case integrity(String)
        case pgDump(String)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) exists already: a backup never overwrites a file"
            case .integrity(let answer): "the copy failed SQLite's integrity check: \(answer)"
            case .pgDump(let message): message
            }
        }
    }

    public static func backUp(_ location: DatabaseLocation, to file: URL) async throws -> Report {
        guard !FileManager.default.fileExists(atPath: file.path) else { throw Failure.exists(file.path) }
        let started = Date()
        var runs: Int?
        switch location {
        case .sqlite(let path):
            guard FileManager.default.fileExists(atPath: path) else { throw Failure.integrity("there is no database at \(path)") }
            runs = try await location.withApplication { app in
                let sql = app.db.sql
                try await sql.raw("VACUUM INTO \(bind: file.path)").run()
                return try await copied(file, app: app)
            }
        case .postgres(let url, let schema):
            try dump(url: url, schema: schema, to: file)
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        return Report(bytes: bytes, seconds: Date().timeIntervalSince(started), runs: runs)
    }

    /// Checks the copy at `file` whole (`PRAGMA integrity_check`) and counts its runs.
    private static func copied(_ file: URL, app: Application) async throws -> Int {
        let copy = try await DatabaseLocation.sqlite(path: file.path).withApplication { copy in
            let sql = copy.db.sql
            let answer = try await sql.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self) ?? "no answer"
            guard answer == "ok" else { throw Failure.integrity(answer) }
            return try await sql.raw("SELECT COUNT(*) AS n FROM runs").first()?.decode(column: "n", as: Int.self) ?? 0
        }
        return copy
    }

    private static func dump(url: String, schema: String?, to file: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pg_dump", "--format=custom", "--file", file.path] + (schema.map { ["--schema", $0] } ?? []) + [url]
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw Failure.pgDump("pg_dump could not start (\(error)): install PostgreSQL's client tools") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: file)
            throw Failure.pgDump("pg_dump failed (\(process.terminationStatus)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}

/// Runs the migrations `serve` runs on start, and answers how many the database has had.
public func migrateDatabase(_ location: DatabaseLocation) async throws -> Int {
    try await location.withApplication { app in
        try await app.db.sql.raw("SELECT COUNT(*) AS n FROM _fluent_migrations").first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
