import Foundation
import PacelineCore
import PacelineServer

/// A small town as an OpenStreetMap extract, written by `Tests/maps/town_extract.py` with
/// PyPI's osmium (a real `.osm.pbf`, as osmium writes them): a grid of streets split by a
/// river with one bridge, a one-way street, private ways (one open to walkers), a footway,
/// steps, a cycleway, a way closed to walkers, a motorway, an island with no link, and
/// ways nobody routes on. Made once per test run; tests that need it are cancelled with
/// one line when osmium cannot be installed.
public enum TownMap {
    /// The extract's file and its named places (`west_start`, `east_end`, `island`, …).
    public static func extract() throws -> (url: URL, places: [String: Coordinate]) {
        try made.get()
    }

    /// The place `name`s, from the extract's list.
    public static func place(_ name: String) throws -> Coordinate {
        guard let place = try extract().places[name] else { throw PythonPeer.Failure(description: "the town has no place \(name)") }
        return place
    }

    /// The repository's folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let made: Result<(url: URL, places: [String: Coordinate]), any Error> = Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-town-\(ProcessInfo.processInfo.processIdentifier).osm.pbf")
        let script = repository.appendingPathComponent("Tests/maps/town_extract.py").path
        let json = try PythonPeer.runJSON("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                                          arguments: [script, url.path], requiring: [.osmium])
        guard let places = (json as? [String: Any])?["places"] as? [String: [Double]] else {
            throw PythonPeer.Failure(description: "town_extract.py printed no places")
        }
        return (url, places.mapValues { Coordinate(latitude: $0[0], longitude: $0[1]) })
    }
}

extension TestServer {
    /// Imports the extract at `url` as the instance's map, as `paceline map import` does.
    @discardableResult
    public func importMap(_ url: URL) async throws -> (junctions: Int, stretches: Int) {
        let outcome = try await MapImporter.run(url, on: app.db)
        return (outcome.row.junctions, outcome.row.stretches)
    }
}
