import Foundation
import PacelineCore

extension Run {
    /// The run's activity, rebuilt from its compact track.
    func activity() throws -> Activity {
        let (track, barometric) = try CompactTrack.decode(track)
        return Activity(format: ActivityFormat(rawValue: format) ?? .gpx, name: name,
                        sport: sport, track: track, hasBarometricElevation: barometric)
    }

    /// The run normalised to checkpoints every 20 m.
    func checkpoints() throws -> [Checkpoint] {
        do {
            return try Normalization.checkpoints(of: try activity())
        } catch {
            throw APIError.unprocessable("the run has no timed path to measure: \(error)")
        }
    }
}
