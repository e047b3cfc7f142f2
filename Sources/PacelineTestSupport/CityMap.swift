import Foundation

/// A synthetic city as an OpenStreetMap extract (`Benchmarks/maps/city_extract.py`: a
/// jittered street grid of mixed highways, one-way and private ways, and buildings, as real
/// extracts are laid out), of about `nodes` nodes, written once per size and seed for the
/// test run with PyPI's osmium.
public enum CityMap {
    /// The extract's file, and its bounds (south, west, north, east).
    public static func extract(nodes: Int, seed: Int = 1) throws -> (url: URL, bounds: [Double]) {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("paceline-city-\(nodes)-\(seed)-\(ProcessInfo.processInfo.processIdentifier).osm.pbf")
        let script = TownMap.repository.appendingPathComponent("Benchmarks/maps/city_extract.py").path
        let json = try PythonPeer.runJSON("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                                          arguments: [script, url.path, "--nodes", String(nodes), "--seed", String(seed)], requiring: [.osmium])
        guard let bounds = (json as? [String: Any])?["bounds"] as? [Double], bounds.count == 4 else {
            throw PythonPeer.Failure(description: "city_extract.py printed no bounds")
        }
        return (url, bounds)
    }
}
