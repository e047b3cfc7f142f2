import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore
import PacelineServer

/// `paceline poi`: points of interest for walks that discover.
struct POICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "poi",
        abstract: "Manage points of interest (plaques) that walks discover.",
        subcommands: [POIImportCommand.self]
    )
}

/// `paceline poi import FILE... [--database URL] [--format F] [--source NAME]`.
struct POIImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import points of interest from Open Plaques JSON/CSV exports or GeoJSON points.",
        discussion: """
            Every file is read and checked before anything is written; each bad file prints one \
            line naming the file and the line or feature, and then the command exits 65 having \
            written nothing. Points \
            are upserted by source and id: importing again updates them. Plaques without a \
            position are skipped, with the reason. Writes to the database serve uses (same \
            --database and default).
            """
    )

    /// The largest data file read, once inflated.
    static let maximumBytes = 1 << 30

    @Argument(help: "Data files (.csv, .json, .geojson, gzipped or not).", completion: .file())
    var files: [String]

    @OptionGroup var database: DatabaseOptions

    @Option(help: "openplaques-json, openplaques-csv or geojson (default: detected from the content).")
    var format: POIFormat?

    @Option(help: "The source name of GeoJSON points that do not name one (default: the file's name without extension).")
    var source: String?

    func run() async throws {
        var points: [PointOfInterest] = []
        var skipped = 0, failures = 0
        for path in files {
            var data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                Output.error("\(path): can't be read: \(error.localizedDescription)")
                failures += 1
                continue
            }
            do {
                // A gzipped data set (`data/plaques/london.csv.gz`) is read inflated.
                if Gzip.isCompressed(data) { data = try Gzip.decompress(data, maximumBytes: Self.maximumBytes) }
                let bare = path.hasSuffix(".gz") ? String(path.dropLast(3)) : path
                let name = source ?? URL(fileURLWithPath: bare).deletingPathExtension().lastPathComponent
                let file = try POIFile.read(data, format: format, source: name)
                points += file.points
                skipped += file.skipped.count
                for item in file.skipped { Output.error("\(path): \(item.location): skipped: \(item.reason)") }
            } catch {
                Output.error("\(path): \(error)")
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode(65) }
        let location = try database.location()
        let total = points.count
        let showProgress = total > 2_000 && isatty(STDERR_FILENO) != 0
        let counts = try await importPointsOfInterest(points, into: location) { written in
            if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K\(written)/\(total) points written".utf8)) }
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        Output.line("imported \(counts.imported), updated \(counts.updated), skipped \(skipped)")
    }
}

extension POIFormat: ExpressibleByArgument {}
