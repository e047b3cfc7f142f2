import ArgumentParser
import Foundation
import PacelineCore
import PacelineMaps
import PacelineServer

/// `paceline map`: the map data routes are planned on.
struct MapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Manage the map data routes are planned on.",
        subcommands: [MapImportCommand.self]
    )
}

/// `paceline map import EXTRACT.osm.pbf [--database URL]`.
struct MapImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an OpenStreetMap extract (.osm.pbf) for planning routes.",
        discussion: """
            Reads the ways a person may walk, run or cycle on (their highway, access, foot, \
            bicycle and one-way tags) from an extract such as Geofabrik's or BBBike's, in two \
            passes over the file, and keeps them as a routing graph in the database, in \
            place of the map imported before (in one transaction: planning goes on with the \
            old map until the new one is whole). Where the elevation model's tiles are \
            imported (`paceline dem import`, before the map), every point takes its height. \
            A damaged file prints what is wrong, writes nothing and exits 65. Writes to the \
            database serve uses (same --database and default); a running server plans on the \
            new map from its next request. See docs/OPERATIONS.md.
            """
    )

    @Argument(help: "The extract (.osm.pbf).", completion: .file(extensions: ["pbf"]))
    var file: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let started = Date()
        let extract = OSMExtract(url: URL(fileURLWithPath: file))
        guard FileManager.default.isReadableFile(atPath: file) else {
            Output.error("\(file): no such file, or it cannot be read")
            throw ExitCode(66)
        }
        let size = try extract.size()
        var reported = -1
        let graph: ExtractGraph
        do {
            graph = try ExtractGraph(reading: extract) { stage in
                switch stage {
                case .ways(let read), .nodes(let read):
                    let percent = size > 0 ? Int(read * 100 / size) / 10 * 10 : 100
                    guard percent != reported else { return }
                    reported = percent
                    if case .ways = stage { Output.error("reading ways: \(percent) %") } else { Output.error("reading their nodes: \(percent) %") }
                case .stretches:
                    reported = -1
                    Output.error("joining ways at their junctions")
                }
            }
        } catch let problem as ExtractProblem {
            Output.error("\(file): \(problem)")
            throw ExitCode(65)
        }
        guard !graph.stretches.isEmpty else {
            Output.error("\(file): the extract has no way a person may walk, run or cycle on")
            throw ExitCode(65)
        }
        let stretches = graph.stretches
        let row = try await database.location().withApplication { app in
            let model = try await ElevationTiles.model(under: Self.tileCorners(of: stretches), on: app.db)
            let elevated = stretches.map { $0.elevated(by: model.elevation(at:)) }
            return try await MapImports.replace(with: elevated, ways: graph.ways, source: URL(fileURLWithPath: file).lastPathComponent, on: app.db) { written in
                if written % 50_000 < MapImports.batch || written == elevated.count { Output.error("stored \(written) of \(elevated.count) stretches") }
            }
        }
        let kilometres = stretches.reduce(0) { total, stretch in
            total + zip(stretch.coordinates, stretch.coordinates.dropFirst()).reduce(0) { $0 + Geodesy.distance($1.0, $1.1) }
        } / 1000
        Output.line(String(format: "%@: %d ways, %d junctions, %d stretches, %.0f km of ways; elevations: %@; %.1f s",
                           row.source, row.ways, row.junctions, row.stretches, kilometres, row.elevation ? "yes" : "no (import the elevation tiles first, then the map)",
                           Date().timeIntervalSince(started)))
        if graph.missingNodes > 0 {
            Output.error("\(graph.missingNodes) nodes the ways name are not in the extract (ways leaving its area): those ways stop at its edge")
        }
    }

    /// A coordinate in each square degree the stretches touch: the elevation tiles to read.
    static func tileCorners(of stretches: [RoutingGraph.Stretch]) -> [Coordinate] {
        var squares = Set<[Int]>()
        for stretch in stretches {
            for point in stretch.coordinates { squares.insert([Int(point.latitude.rounded(.down)), Int(point.longitude.rounded(.down))]) }
        }
        return squares.map { Coordinate(latitude: Double($0[0]) + 0.5, longitude: Double($0[1]) + 0.5) }
    }
}
