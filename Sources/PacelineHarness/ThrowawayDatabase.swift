import FluentPostgresDriver
import Foundation
import PacelineServer
import SQLKit
import Vapor

/// The throwaway database of a benchmark (`paceline-bench browse`, `live`, `sockets`,
/// `discovery`) or of a test that runs a real server: a new SQLite file (temporary, or at a path that must not exist yet) or a
/// new schema of a PostgreSQL database, migrated by the server's own `configure`
/// (`DatabaseLocation.withApplication`); `remove` deletes it.
public enum ThrowawayDatabase {
    public enum Failure: Error, CustomStringConvertible {
        case exists(String)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) exists; the benchmark loads a new SQLite file and removes it afterwards"
            }
        }
    }

    /// Where benchmark `name` keeps its data, given the location asked for (nil: a
    /// temporary SQLite file; a PostgreSQL URL: a schema of its own in that database).
    public static func location(_ requested: DatabaseLocation?, for name: String) throws -> DatabaseLocation {
        let unique = "paceline_bench_\(name)_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        switch requested {
        case nil:
            return .sqlite(path: FileManager.default.temporaryDirectory.appendingPathComponent("\(unique).sqlite").path)
        case .sqlite(let path)?:
            guard !FileManager.default.fileExists(atPath: path) else { throw Failure.exists(path) }
            return .sqlite(path: path)
        case .postgres(let url, _)?:
            return .postgres(url: url, schema: unique)
        }
    }

    /// Deletes the SQLite file (with its journal) or drops the PostgreSQL schema.
    public static func remove(_ location: DatabaseLocation) async {
        switch location {
        case .sqlite(let path):
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        case .postgres(let url, let schema?):
            guard let app = try? await Application.make(Environment(name: "production", arguments: ["paceline"])) else { return }
            app.logger.logLevel = .warning
            if let configuration = try? SQLPostgresConfiguration(url: url) {
                app.databases.use(.postgres(configuration: configuration), as: .psql)
                try? await (app.db.sql).raw("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE").run()
            }
            try? await app.asyncShutdown()
        case .postgres(_, nil):
            break
        }
    }
}
