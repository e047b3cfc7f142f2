import ArgumentParser
import Foundation
import PacelineBenchmarks
import PacelineHarness
import PacelineServer

/// `paceline-bench import`: how long `paceline import` takes to move a Strava export of
/// thousands of activities into a server, and how much memory it holds meanwhile.
struct ImportBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a built Strava export of N activities into a new server; time it, twice.",
        discussion: """
            Writes a Strava-style export (SyntheticHistory: activities.csv and activities/ of \
            FIT.gz, GPX and TCX.gz files, 1 fix a second, --minutes long each) to a temporary \
            file, starts `paceline serve` on a new database with one user, and runs the \
            `paceline` built beside this executable: `paceline import ARCHIVE`. Reports the \
            wall time, activities a second and the importer's peak resident memory, and what \
            the uploads' originals cost the database (its size with and without them, per \
            1,000 activities); then runs the same import again (a resumed import: everything \
            already there). After the first, it waits for the server to bring the records and \
            badges up to date (HistoryCatchUp, once the import pauses) and reports that too. \
            With --archive, imports that export or folder instead (say Tests/Fixtures/tracks, \
            real devices' files). The archive, database and server are removed afterwards.
            """
    )

    @Option(help: "Activities in the export.")
    var activities = 2000

    @Option(help: "Minutes each activity lasts (1 fix a second).")
    var minutes = 30

    @Option(help: "Files uploaded at once (paceline import --parallel).")
    var parallel = 4

    @Option(help: "sqlite (a temporary file) or a postgres:// URL (the run gets a schema of its own).")
    var database = "sqlite"

    @Option(help: "An export (.zip) or a folder of activity files to import instead of a synthetic one; kept.")
    var archive: String?

    func run() async throws {
        let built = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-bench-import-\(getpid()).zip")
        defer { try? FileManager.default.removeItem(at: built) }
        let archive: URL
        if let given = self.archive {
            archive = URL(fileURLWithPath: given)
        } else {
            archive = built
            let writing = Date()
            try SyntheticHistory.write(count: activities, minutes: minutes, to: archive)
            let size = (try archive.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) >> 20
            Output.error("wrote \(activities) activities, \(size) MiB, in \(String(format: "%.1f", Date().timeIntervalSince(writing))) s")
        }
        let location: DatabaseLocation? = database == "sqlite" ? nil : .postgres(url: database, schema: nil)
        let store = try await RunnersDatabase.create(users: 1, at: location, for: "import")
        let server: ServerProcess
        do {
            server = try ServerProcess(database: store.location)
        } catch {
            await store.remove()
            throw error
        }
        defer { server.stop() }
        for pass in ["first import", "again (resumed: all there)"] {
            let (seconds, peak, output) = try Self.runImport(archive, port: server.port, token: store.tokens[0], parallel: parallel)
            if self.archive == nil {
                Output.line(String(format: "%@: %d activities in %.1f s (%.1f a second); importer peak RSS %.0f MiB",
                                   pass, activities, seconds, Double(activities) / seconds, peak))
            } else {
                Output.line(String(format: "%@: %@ in %.1f s; importer peak RSS %.0f MiB", pass, archive.lastPathComponent, seconds, peak))
            }
            Output.line("  \(output.split(separator: "\n").first ?? "")")
            if pass == "first import" {
                let started = Date()
                try await Self.waitForCatchUp(on: store.location)
                let catchUp = Date().timeIntervalSince(started)
                if self.archive == nil {
                    Output.line(String(format: "  records and badges up to date %.1f s after the import's end (%.1f activities a second in all)",
                                       catchUp, Double(activities) / (seconds + catchUp)))
                } else {
                    Output.line(String(format: "  records and badges up to date %.1f s after the import's end", catchUp))
                }
                Self.report(try await OriginalsStorage.measure(store.location))
            }
        }
        await store.remove()
    }

    /// Waits until the server has brought up to date the records and badges the import left
    /// for once it paused (`HistoryCatchUp`).
    private static func waitForCatchUp(on location: DatabaseLocation) async throws {
        try await location.withApplication { app in
            while try await HistoryCatchUp.waiting(on: app.db) > 0 {
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    /// What the originals cost the database.
    private static func report(_ storage: OriginalsStorage) {
        let mib = { (bytes: Int) in Double(bytes) / 1_048_576 }
        Output.line(String(format: "originals: %d activities from %d files; %.1f MiB as uploaded, %.1f MiB kept (gzip)",
                           storage.activities, storage.originals, mib(storage.receivedBytes), mib(storage.storedBytes)))
        Output.line(String(format: "database: %.1f MiB, %.1f MiB without the originals: %.1f MiB per 1,000 activities",
                           mib(storage.databaseBytes), mib(storage.withoutOriginalsBytes), storage.perThousandActivities / 1_048_576))
    }

    /// Runs `paceline import`; its wall time, peak resident MiB and first line of output.
    private static func runImport(_ archive: URL, port: Int, token: String, parallel: Int) throws -> (Double, Double, String) {
        let process = Process()
        process.executableURL = ServerProcess.besideThisExecutable
        process.arguments = ["import", archive.path, "--server", "http://127.0.0.1:\(port)", "--token", token, "--parallel", "\(parallel)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)  // the importer: the server has not ended yet
        // 65: files that could not be read were left out and the rest imported, as a real
        // export's often are (the output's first line counts them).
        guard process.terminationStatus == 0 || process.terminationStatus == 65 else {
            throw ValidationError("paceline import exited with \(process.terminationStatus): \(String(decoding: output, as: UTF8.self))")
        }
        return (seconds, Double(usage.ru_maxrss) / 1024, String(decoding: output, as: UTF8.self))
    }
}
