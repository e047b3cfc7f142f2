import ArgumentParser
import Foundation
import PacelineServer

/// `paceline reprocess`: measures the runs that older rules measured again with today's.
struct ReprocessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reprocess",
        abstract: "Measure every run that older rules measured again with today's.",
        discussion: """
            A run keeps the version of the rules that measured it; after an upgrade that \
            changed a rule, its numbers and everything that follows from them (statistics, \
            records, best efforts, badges, points, segment efforts, missions, leaderboards) \
            are measured again. `serve` does the same by itself in the background; this \
            does it now, with the server running or not. It can be stopped and run again: \
            it goes on where it stopped. See docs/OPERATIONS.md.
            """
    )

    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let location = try database.location()
        let started = Date()
        let line = try await location.withApplication { app in
            let total = try await RunRemeasuring.outdated(on: app.db)
            guard total > 0 else { return "Every run is measured with today's rules already." }
            print("\(total) runs were measured by older rules; measuring them again.")
            var said = Date()
            let done = try await RunRemeasuring.all(on: app.db) { progress in
                guard Date().timeIntervalSince(said) >= 5 else { return }
                said = Date()
                print(RemeasuringReport.line(progress, of: total, since: started))
            }
            return RemeasuringReport.line(done, of: total, since: started)
        }
        print(line)
    }
}
