import Fluent
import Foundation
import PacelineArchives
import PacelineCore
import Vapor

/// The shipped plaques (`data/plaques/`: Open Plaques' London, public domain), imported on
/// a server's first start (when it has no point of interest at all), so a new instance has
/// plaques to discover; an operator adds a region with `paceline poi import`.
public enum PlaqueExamples {
    /// The largest data file read, once inflated: the shipped one is 1.1 MB.
    static let maximumBytes = 64 << 20
    /// The files read: the formats `POIFile` reads, gzipped or not.
    static let extensions = [".csv", ".json", ".geojson"]

    /// `name` without its `.gz`.
    private static func unzipped(_ name: String) -> String { name.hasSuffix(".gz") ? String(name.dropLast(3)) : name }

    /// `$PACELINE_PLAQUES`, else `data/plaques` in the working directory, else the
    /// repository's `data/plaques` this binary was built from.
    public static var defaultDirectory: String? {
        if let path = ProcessInfo.processInfo.environment["PACELINE_PLAQUES"] { return path }
        let candidates = [
            FileManager.default.currentDirectoryPath + "/data/plaques",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Discovery
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()  // repository
                .appendingPathComponent("data/plaques").path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Imports every data file of `directory` (`.csv`, `.json`, `.geojson`, each gzipped
    /// or not) when the database has no point of interest yet: not again on a restart,
    /// nor over what an operator imported. A file that can't be read is logged and
    /// skipped, as is a write that fails (another instance importing them at the same
    /// moment): the server still starts.
    /// - Complexity: O(n) points, written as `paceline poi import` writes them.
    static func seed(from directory: String, on database: any Database, logger: Logger) async throws {
        guard try await PointOfInterestRow.query(on: database).count() == 0 else { return }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { name in
            extensions.contains { unzipped(name).hasSuffix($0) }
        }.sorted()
        var points: [PointOfInterest] = []
        for file in files {
            do {
                var data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
                if Gzip.isCompressed(data) { data = try Gzip.decompress(data, maximumBytes: maximumBytes) }
                // GeoJSON points that name no source are the file's, as `paceline poi import` names them.
                let source = URL(fileURLWithPath: unzipped(file)).deletingPathExtension().lastPathComponent
                points += try POIFile.read(data, source: source).points
            } catch {
                logger.warning("plaques in \(file) skipped: \(error)")
            }
        }
        guard !points.isEmpty else { return }
        do {
            let counts = try await POIImporter.write(points, on: database) { _ in }
            logger.info("plaques imported from \(directory): \(counts.imported)")
        } catch {
            // Another instance starting on the same database at once may have written them.
            logger.warning("plaques from \(directory) not imported: \(error)")
        }
    }
}
