import Fluent
import Foundation
import PacelineCore
import Vapor

/// What importing one mission did, for `paceline mission import` to report.
public struct MissionImport: Sendable, Hashable {
    public var id: String
    public var name: String
    public var routes: Int
    public var stages: Int
    public var lengthMeters: Double
    /// False when it replaced a mission of the same id.
    public var isNew: Bool
}

/// Saves `missions` into the database at `location` (migrating it first), all in one
/// transaction: either every mission is saved or none.
///
/// ```swift
/// let mission = try MissionFileReader.read(Data(contentsOf: url))
/// try await importMissions([mission], into: .default)   // [MissionImport(id: "scotland-canals", …)]
/// ```
/// - Complexity: O(routes + stages + points) of all missions, in one transaction.
public func importMissions(_ missions: [Mission], into location: DatabaseLocation) async throws -> [MissionImport] {
    try await location.withApplication { app in
        try await app.db.retryingTransaction { database in
            var imports: [MissionImport] = []
            for mission in missions {
                let isNew = try await MissionCatalogue.save(mission, on: database)
                imports.append(MissionImport(id: mission.id, name: mission.name, routes: mission.routes.count,
                                             stages: mission.stageCount, lengthMeters: mission.length, isNew: isNew))
            }
            return imports
        }
    }
}

/// The shipped example missions (`data/missions/*.geojson`), saved on a server's first
/// start (when it has no mission at all), so a new server has missions to choose from.
public enum MissionExamples {
    /// `$PACELINE_MISSIONS`, else `data/missions` in the working directory, else the
    /// repository's `data/missions` this binary was built from.
    public static var defaultDirectory: String? {
        if let path = ProcessInfo.processInfo.environment["PACELINE_MISSIONS"] { return path }
        let candidates = [
            FileManager.default.currentDirectoryPath + "/data/missions",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Missions
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // repository
                .appendingPathComponent("data/missions").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Saves every mission file of `directory` when the database has no mission yet. A
    /// file that can't be read is logged and skipped: the server still starts.
    static func seed(from directory: String, on database: any Database, logger: Logger) async throws {
        guard try await MissionRow.query(on: database).count() == 0 else { return }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".geojson") }.sorted()
        var missions: [Mission] = []
        for file in files {
            do {
                missions.append(try MissionFileReader.read(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))))
            } catch {
                logger.warning("example mission \(file) skipped: \(error)")
            }
        }
        let readable = missions
        try await database.retryingTransaction { transaction in
            for mission in readable { try await MissionCatalogue.save(mission, on: transaction) }
        }
        if !readable.isEmpty { logger.info("example missions saved: \(readable.map(\.id).joined(separator: ", "))") }
    }
}
