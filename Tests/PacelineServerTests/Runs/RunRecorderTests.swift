import Foundation
import PacelineCore
import PacelineTestSupport
import Testing
@testable import PacelineServer

/// What `RunRecorder` hands the run's aftermath is what the run would give measured anew.
@Suite struct RunRecorderTests {
    /// The checkpoints segment matching gets, taken from the profile the statistics were
    /// measured on, are those `Normalization` makes of the activity from scratch: for real
    /// device files of each format (paused, indoor-free, with gaps).
    @Test(arguments: Fixtures.files(in: "gpx", withExtension: "gpx").prefix(8)
          + Fixtures.files(in: "fit", withExtension: "fit").prefix(4)
          + Fixtures.files(in: "tcx", withExtension: "tcx").prefix(4))
    func checkpointsAreTheActivitysOwn(_ url: URL) throws {
        var activity = try ActivityReader.read(contentsOf: url)
        activity.inferSportIfUnnamed()
        if activity.sport == .other { activity.sport = .run }
        let owner = User(email: "runner@example.org", passwordHash: "-", displayName: "Runner")
        owner.id = UUID()
        let recorded: (run: Run, checkpoints: [Checkpoint]?)
        do {
            recorded = try RunRecorder.run(of: activity, format: .gpx, owner: owner, privacy: .private, name: nil)
        } catch let refused as Refusal {
            // Not a run (no timed path, or too short to credit): refused, nothing to match.
            #expect(refused.reason == .unprocessable, "\(url.lastPathComponent): \(refused)")
            return
        }
        let anew = try Normalization.checkpoints(of: activity)
        #expect(recorded.checkpoints == anew, "\(url.lastPathComponent)")
        #expect(!anew.isEmpty)
    }
}
