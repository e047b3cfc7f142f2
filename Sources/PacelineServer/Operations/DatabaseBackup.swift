import Foundation
import FluentSQLiteDriver
import SQLKit
import Vapor

/// `paceline backup FILE`: a consistent copy of the database while the server runs.
///
/// - SQLite: `VACUUM INTO` over a bare connection (no migrations, nothing of a server),
///   which reads the database in one transaction (in WAL mode the server goes on reading
///   and writing meanwhile) and writes a compact copy whose integrity is then checked. The copy is a plain SQLite file: restoring is putting it
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
        try createPrivately(file)
        let started = Date()
        var runs: Int?
        do {
            switch location {
            case .sqlite(let path):
                guard FileManager.default.fileExists(atPath: path) else { throw Failure.integrity("there is no database at \(path)") }
                try await withSQLite(path) { sql in try await sql.raw("VACUUM INTO \(bind: file.path)").run() }
                runs = try await withSQLite(file.path) { sql in
                    let answer = try await sql.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self) ?? "no answer"
                    guard answer == "ok" else { throw Failure.integrity(answer) }
                    return try await sql.raw("SELECT COUNT(*) AS n FROM runs WHERE deleted_at IS NULL").first()?.decode(column: "n", as: Int.self) ?? 0
                }
            case .postgres(let url, let schema):
                try dump(url: url, schema: schema, to: file)
            }
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        return Report(bytes: bytes, seconds: Date().timeIntervalSince(started), runs: runs)
    }

    /// Makes `file`, empty and readable by its owner alone (it will hold every account's
    /// data), refusing one that exists or a link: `VACUUM INTO` and pg_dump then write into it.
    private static func createPrivately(_ file: URL) throws {
        let descriptor = open(file.path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw Failure.exists(file.path) }
            throw Failure.integrity("can't create \(file.path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    /// `body` with a bare connection to the SQLite file at `path`: no migrations, no live
    /// hub, nothing of a server (the server using the file goes on as it was).
    private static func withSQLite<Value>(_ path: String, _ body: (any SQLDatabase) async throws -> Value) async throws -> Value {
        let app = try await Application.make(Environment(name: "production", arguments: ["paceline"]))
        app.logger.logLevel = .warning
        app.databases.use(.sqlite(.file(path)), as: .sqlite)
        let result: Result<Value, any Error>
        do {
            try await app.db.sql.raw("PRAGMA busy_timeout = 5000").run()
            result = .success(try await body(app.db.sql))
        } catch {
            result = .failure(error)
        }
        try await app.asyncShutdown()
        return try result.get()
    }

    /// pg_dump of the database at `url`; its password goes in the environment
    /// (`PGPASSWORD`), never on the command line, where any local user could read it.
    private static func dump(url: String, schema: String?, to file: URL) throws {
        var components = URLComponents(string: url)
        let password = components?.password
        components?.password = nil
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pg_dump", "--format=custom", "--file", file.path] + (schema.map { ["--schema", $0] } ?? [])
            + [components?.string ?? url]
        if let password { process.environment = ProcessInfo.processInfo.environment.merging(["PGPASSWORD": password]) { $1 } }
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch { throw Failure.pgDump("pg_dump could not start (\(error)): install PostgreSQL's client tools") }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
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
