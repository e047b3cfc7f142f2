import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore
import PacelineServer

/// `paceline dem`: the digital elevation model that phones' activities take their
/// elevations from.
struct DEMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dem",
        abstract: "Manage the elevation model that phones' activities take their elevations from.",
        subcommands: [DEMImportCommand.self]
    )
}

/// `paceline dem import FILE... [--database URL]`.
struct DEMImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import SRTM or Copernicus elevation tiles (.hgt, .hgt.gz, .hgt.zip).",
        discussion: """
            Each tile is a square degree named by its south-west corner (N55W005.hgt, or \
            SRTM's N55W005.SRTMGL1.hgt.zip), of 3 or 1 arc-seconds, as downloaded from \
            USGS EarthExplorer, NASA Earthdata or Copernicus' mirrors in .hgt form. Every file \
            is read and checked before anything is written; a bad one prints a line naming it \
            and the command exits 65 having written nothing. A tile imported again replaces \
            the one of its name. From then on, an activity whose elevations come from a \
            phone's satellites, and whose positions all lie on imported tiles, takes the \
            model's heights; altimeters' elevations and devices' own ascent stay as they are. \
            Writes to the database serve uses (same --database and default). See \
            docs/OPERATIONS.md.
            """
    )

    @Argument(help: "Tiles (.hgt, .hgt.gz, .hgt.zip).", completion: .file())
    var files: [String]

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        var tiles: [(path: String, tile: ElevationTile, bytes: Data)] = []
        for path in files {
            do {
                let (name, bytes) = try Self.read(path)
                tiles.append((path, try ElevationTile(name: name, bytes: bytes), bytes))
            } catch {
                Output.error("\(path): \(error)")
            }
        }
        guard tiles.count == files.count else { throw ExitCode(65) }
        let stored = try await database.location().withApplication { app in
            var stored: [Int] = []
            for (index, item) in tiles.enumerated() {
                stored.append(try await ElevationTiles.store(item.tile, bytes: item.bytes, on: app.db))
                Output.error("\(index + 1)/\(tiles.count) \(item.tile.name)")
            }
            return stored
        }
        for (item, bytes) in zip(tiles, stored) {
            let seconds = item.tile.samplesPerSide == 3_601 ? 1 : 3
            Output.line(String(format: "%@: %d arc-second%@, %d×%d heights, %.1f MB stored", item.tile.name, seconds, seconds == 1 ? "" : "s",
                               item.tile.samplesPerSide, item.tile.samplesPerSide, Double(bytes) / 1_000_000))
        }
    }

    /// The tile's name (the file's up to its first dot) and its `.hgt` bytes, unpacked.
    static func read(_ path: String) throws -> (String, Data) {
        let url = URL(fileURLWithPath: path)
        let name = String(url.lastPathComponent.prefix { $0 != "." })
        let limit = 3_601 * 3_601 * 2
        if url.pathExtension.lowercased() == "zip" {
            let archive = try ZipArchive(contentsOf: url)
            guard let entry = archive.entries.first(where: { $0.path.lowercased().hasSuffix(".hgt") }) else {
                throw ValidationError("the archive holds no .hgt file")
            }
            return (String(entry.path.split(separator: "/").last?.prefix { $0 != "." } ?? Substring(name)),
                    try archive.data(of: entry, maximumBytes: limit))
        }
        let data = try Data(contentsOf: url)
        return (name, Gzip.isCompressed(data) ? try Gzip.decompress(data, maximumBytes: limit) : data)
    }
}
