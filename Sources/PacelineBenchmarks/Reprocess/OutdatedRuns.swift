import Fluent
import Foundation
import PacelineCore
import PacelineHarness
import PacelineServer

/// Stored runs as older rules left them, for `paceline-bench reprocess`: each user of a
/// benchmark database gets its share of `count` runs of 30 minutes at one fix a second
/// (`SyntheticHistory.activity`), measured and stored as an upload stores them with their
/// originals (a FIT, a GPX and a TCX in turn, as `SyntheticHistory.write` exports them),
/// then marked measured by rules version 1, so a server started on the database measures
/// them again, each from its original.
public enum OutdatedRuns {
    /// Stores `count` runs among `users` (the database's users, in the order made), 200 a
    /// transaction; `progress` is told how many are stored.
    public static func store(_ count: Int, minutes: Int = 30, in location: DatabaseLocation, progress: @Sendable (Int) -> Void) async throws {
        try await location.withApplication { app in
            let users = try await User.query(on: app.db).sort(\.$id).all()
            guard !users.isEmpty else { return }
            for start in stride(from: 0, to: count, by: 200) {
                let runs = try (start..<min(start + 200, count)).map { k in
                    let activity = SyntheticHistory.activity(k, minutes: minutes)
                    let (format, file) = try SyntheticHistory.file(of: activity, k)
                    let run = try RunRecorder.run(of: activity, format: RunOrigin(format), owner: users[k % users.count],
                                                  privacy: .private, name: "Run \(k)").run
                    run.analysisVersion = 1
                    return (run, format, file)
                }
                try await app.db.transaction { transaction in
                    for (run, format, file) in runs {
                        try await run.keepOriginal(file, format: format, on: transaction)
                        try await run.create(on: transaction)
                    }
                }
                progress(start + runs.count)
            }
        }
    }
}
