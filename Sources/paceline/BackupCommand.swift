import ArgumentParser
import Foundation
import PacelineServer

/// `paceline backup FILE`: a consistent copy of the server's database, while it serves.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the server's database to FILE, consistently, while the server runs.",
        discussion: """
            SQLite: a compact copy made with VACUUM INTO (the server goes on serving), then \
            checked whole with SQLite's integrity check; restore it by stopping the server and \
            putting the copy in place of the database file. PostgreSQL: pg_dump's custom \
            format (restore with pg_restore). FILE must not exist. See docs/OPERATIONS.md.
            """
    )

    @Argument(help: "Where the copy goes (must not exist).", completion: .file())
    var file: String

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let location = try database.location()
        let report = try await DatabaseBackup.backUp(location, to: URL(fileURLWithPath: file))
        let runs = report.runs.map { ", \($0) activities, integrity ok" } ?? ""
        print(String(format: "Backed up to %@: %.1f MB in %.1f s%@", file, Double(report.bytes) / 1e6, report.seconds, runs))
    }
}

/// `paceline migrate`: brings the database to the schema this version expects, and stops.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Bring the database to this version's schema without starting the server.",
        discussion: """
            `serve` migrates on start too; this runs the same migrations on their own (before \
            an upgrade's first start, or from a deploy script). Running it again changes nothing.
            """
    )

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let applied = try await migrateDatabase(try database.location())
        print("The database is on this version's schema: \(applied) migrations applied in all.")
    }
}
