import ArgumentParser
import Foundation
import PacelineCore
import PacelineServer

/// `paceline mission …`: manage the missions a server offers.
struct MissionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mission",
        abstract: "Manage virtual missions.",
        subcommands: [MissionImportCommand.self]
    )
}

/// `paceline mission import FILE... [--database URL]`: check mission files and save them.
struct MissionImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Check mission files (GeoJSON) and save them in the server's database, replacing missions of the same id.",
        discussion: """
            Every file is checked before anything is saved: a bad file prints one line naming the file \
            and the feature, exits with status 65 and saves nothing. docs/ALGORITHMS.md describes the format; \
            data/missions/ holds examples.
            """
    )

    @Argument(help: "Mission files (.geojson).", completion: .file())
    var files: [String]

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        var missions: [Mission] = []
        var failures = 0
        for file in files {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                missions.append(try MissionFileReader.read(data))
            } catch let error as MissionError {
                Output.error("\(file): \(error.message)")
                failures += 1
            } catch {
                Output.error("\(file): can't be read: \(error.localizedDescription)")
                failures += 1
            }
        }
        let ids = missions.map(\.id)
        if let repeated = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            Output.error("two files define mission \(repeated)")
            failures += 1
        }
        if failures > 0 { throw ExitCode(65) }
        for imported in try await importMissions(missions, into: try database.location()) {
            Output.line("\(imported.isNew ? "added" : "replaced") \(imported.id): \(imported.name): \(imported.routes) routes, \(imported.stages) stages, \(String(format: "%.1f", imported.lengthMeters / 1000)) km")
        }
    }
}
