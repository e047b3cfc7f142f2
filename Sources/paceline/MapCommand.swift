import ArgumentParser
import Foundation
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
        guard FileManager.default.isReadableFile(atPath: file) else {
            Output.error("\(file): no such file, or it cannot be read")
            throw ExitCode(66)
        }
        let outcome: MapImporter.Outcome
        do {
            outcome = try await database.location().withApplication { app in
                try await MapImporter.run(URL(fileURLWithPath: file), on: app.db) { progress in
                    switch progress {
                    case .reading(.ways, let percent): Output.error("reading ways: \(percent) %")
                    case .reading(.nodes, let percent): Output.error("reading their nodes: \(percent) %")
                    case .reading(.stretches, _): Output.error("joining ways at their junctions")
                    case .storing(let written, let total): Output.error("stored \(written) of \(total) stretches")
                    }
                }
            }
        } catch let problem as ExtractProblem {
            Output.error("\(file): \(problem)")
            throw ExitCode(65)
        }
        let row = outcome.row
        Output.line(String(format: "%@: %d ways, %d junctions, %d stretches, %.0f km of ways; elevations: %@; %.1f s",
                           row.source, row.ways, row.junctions, row.stretches, outcome.kilometres,
                           row.elevation ? "yes" : "no (import the elevation tiles first, then the map)", Date().timeIntervalSince(started)))
        if outcome.missingNodes > 0 {
            Output.error("\(outcome.missingNodes) nodes the ways name are not in the extract (ways leaving its area): those ways stop at its edge")
        }
    }
}
