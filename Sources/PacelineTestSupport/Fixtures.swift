import Foundation

/// The corpus of real device files the tests read: `Tests/Fixtures/tracks` in the
/// repository (a copy of the team's shared corpus, with `SOURCES.md` saying where each
/// file came from and under which licence), so a fresh clone tests with nothing beside it.
public enum Fixtures {
    /// `Tests/Fixtures/tracks`, found from this source file's location, or
    /// `PACELINE_TRACKS` when set (e.g. to test against a newer shared corpus).
    public static let tracksDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["PACELINE_TRACKS"] {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // PacelineTestSupport
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // repository root
            .appendingPathComponent("Tests/Fixtures/tracks", isDirectory: true)
    }()

    /// The URL of a corpus file, e.g. `track("gpx/run.gpx")`.
    public static func track(_ relativePath: String) -> URL {
        tracksDirectory.appendingPathComponent(relativePath)
    }

    /// A photo of `Tests/Fixtures/photos` (made by its `make_photos.py`), e.g. `photo("camera.jpg")`.
    public static func photo(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/photos/\(name)")
    }

    /// Every file in one corpus folder with the given extension, sorted by name.
    public static func files(in folder: String, withExtension ext: String) -> [URL] {
        let directory = tracksDirectory.appendingPathComponent(folder, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.lowercased().hasSuffix("." + ext) }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// `reference-gpxpy.json`: peer libraries' numbers for every corpus file, keyed by relative path.
    nonisolated(unsafe) public static let reference: [String: [String: Any]] = {
        let url = tracksDirectory.appendingPathComponent("reference-gpxpy.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [String: [String: Any]]
        else { return [:] }
        return files
    }()
}
