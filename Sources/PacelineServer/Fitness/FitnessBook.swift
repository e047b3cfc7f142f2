import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// What a runner's training adds up to: fitness, fatigue and form day by day
/// (`FitnessSeries`), race predictions and training paces from their recent best efforts
/// (`RacePrediction`, `VDOT`), and the time a run spent in each heart-rate zone
/// (`ZoneTimes`). Counted from the columns each run keeps, but for a run's zones, read
/// from its track. Handlers decode, call one of these, and encode.
enum FitnessBook {
    /// How far back best efforts predict races, days.
    static let predictionDays = 90

    /// `user`'s series over the `days` days to `today`, from their first activity on.
    /// - Complexity: O(days since the first activity + activities).
    static func fitness(of user: UUID, days: Int, today: LocalDay, on database: any Database) async throws -> Components.Schemas.Fitness {
        let runs = try await Run.query(on: database).filter(\.$owner.$id == user).filter(\.$trainingLoad != nil)
            .field(\.$id).field(\.$startTime).field(\.$utcOffsetSeconds).field(\.$startLongitude).field(\.$trainingLoad).all()
        let loads = runs.compactMap { run in run.localDay.map { (day: $0, load: run.trainingLoad.storedOrNil ?? 0) } }
        let shown = today.advanced(by: 1 - days)
        let first = min(loads.map(\.day).min() ?? shown, shown)
        let series = FitnessSeries.days(from: first, through: today, loads: loads).suffix(days)
        return .init(days: series.map { day in
            .init(date: day.day.text, load: day.load, fitness: day.fitness, fatigue: day.fatigue, form: day.form, rampRate: day.rampRate)
        })
    }

    /// Predictions from `user`'s runs of the `predictionDays` days to `today`.
    static func predictions(of user: UUID, today: LocalDay, on database: any Database) async throws -> Components.Schemas.RacePredictions {
        let since = today.advanced(by: 1 - predictionDays)
        // A day's start anywhere on Earth is at most 14 h before its midnight in UTC.
        let earliest = Date(timeIntervalSince1970: Double(since.number) * 86_400 - Double(LocalDay.offsetRange.upperBound))
        let runs = try await Run.query(on: database).filter(\.$owner.$id == user).filter(\.$sport == .run)
            .filter(\.$startTime >= earliest)
            .field(\.$id).field(\.$startTime).field(\.$utcOffsetSeconds).field(\.$startLongitude).field(\.$bestEfforts).all()
        var efforts: [RacePrediction.Effort] = []
        for run in runs {
            guard let day = run.localDay, since <= day, day <= today else { continue }
            let id = try run.requireID()
            efforts += run.efforts.map { .init(meters: $0.distanceMeters, seconds: $0.seconds, runID: id, day: day) }
        }
        let best = RacePrediction.bestVDOT(efforts)
        let races: [Components.Schemas.RacePrediction] = RacePrediction.races.compactMap { name, meters in
            guard let best, let riegel = RacePrediction.riegel(efforts, meters: meters) else { return nil }
            return .init(name: name, distanceMeters: meters,
                         riegel: .init(seconds: riegel.seconds, effort: schema(riegel.from)),
                         vdot: .init(seconds: VDOT.raceSeconds(meters: meters, vdot: best.vdot), effort: schema(best.effort)))
        }
        let paces = best.map { VDOT.trainingPaces(vdot: $0.vdot) }
        return .init(vdot: best?.vdot, vdotEffort: best.map { schema($0.effort) }, races: races,
                     trainingPaces: paces.map { .init(easySlow: $0.easySlow, easyFast: $0.easyFast, marathon: $0.marathon,
                                                      threshold: $0.threshold, interval: $0.interval, repetition: $0.repetition) })
    }

    /// The seconds run `runID` spent in each of its owner's zones of its day; 404 unless
    /// `user` owns it.
    static func zones(ofRun runID: String, owner user: UUID, on database: any Database) async throws -> Components.Schemas.RunZones {
        guard let id = UUID(uuidString: runID), let run = try await Run.query(on: database).filter(\.$id == id)
            .filter(\.$owner.$id == user).first(), let day = run.localDay else { throw Refusal.notFound("run") }
        let zones = try await PhysiologyBook.history(of: user, on: database).inForce(on: day).heartRateZones
        let track = try CompactTrack.decode(run.track).0
        return .init(runId: id.apiID, zones: PhysiologyBook.zones(zones, seconds: ZoneTimes.seconds(in: track, zones: zones)))
    }

    private static func schema(_ effort: RacePrediction.Effort) -> Components.Schemas.PredictionEffort {
        .init(runId: effort.runID.apiID, date: effort.day.text, name: BestEffort.name(of: effort.meters) ?? "\(Int(effort.meters)) m",
              distanceMeters: effort.meters, seconds: effort.seconds)
    }
}
