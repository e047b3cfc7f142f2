import Foundation
import PacelineCore

extension Run {
    /// The run's activity, rebuilt from its compact track.
    func activity() throws -> Activity {
        let (track, barometric) = try CompactTrack.decode(track)
        var activity = Activity(format: format.activityFormat ?? .gpx, name: name,
                                sport: sport, track: track, hasBarometricElevation: barometric)
        activity.isVirtual = $isVirtual.value ?? false  // nil for a run read without the column
        return activity
    }

    /// The run normalised to checkpoints every 20 m.
    func checkpoints() throws -> [Checkpoint] {
        try Run.checkpoints(of: try activity())
    }

    /// `activity` (a run's, decoded already) normalised to checkpoints every 20 m.
    static func checkpoints(of activity: Activity) throws -> [Checkpoint] {
        do {
            return try Normalization.checkpoints(of: activity)
        } catch {
            throw Refusal.unprocessable("the run has no timed path to measure: \(error)")
        }
    }

    /// The activity as `viewer` may see it: the owner sees it whole; anyone else without
    /// what lies inside the owner's privacy zones. The owner must be loaded.
    func activity(seenBy viewer: UUID?) throws -> Activity {
        try activity(hiding: zones(hiddenFrom: viewer))
    }

    /// The activity without what lies inside `zones`.
    func activity(hiding zones: [PrivacyZone]) throws -> Activity {
        var activity = try activity()
        activity.track = activity.track.hiding(zones)
        return activity
    }

    /// The checkpoints as `viewer` may see them: those inside the owner's privacy zones are
    /// left out for anyone but the owner; the rest keep their distances and times.
    func checkpoints(seenBy viewer: UUID?) throws -> [Checkpoint] {
        try checkpoints().hiding(zones(hiddenFrom: viewer))
    }

    /// The owner's zones when `viewer` is someone else; none for the owner.
    func zones(hiddenFrom viewer: UUID?) -> [PrivacyZone] {
        viewer == $owner.id ? [] : owner.privacyZones
    }

    /// The heart rate, cadence and power measured when the run was stored.
    var sensorSummary: SensorSummary { sensors ?? SensorSummary() }
}
