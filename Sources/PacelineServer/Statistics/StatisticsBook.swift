import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A runner's statistics and records, and a run's best efforts marked with those that are
/// records, all counted from the columns each run keeps (never its track) by
/// `StatisticsReport`. Handlers decode, call one of these, and encode.
enum StatisticsBook {
    /// `user`'s totals, of `sport` alone or of all.
    static func statistics(of user: UUID, sport: Sport?, on database: any Database) async throws -> Components.Schemas.Statistics {
        StatisticsReport.statistics(of: try await entries(of: user, on: database), sport: sport)
    }

    /// `user`'s records of each of `sports`, in that order.
    static func records(of user: UUID, sports: [Sport], on database: any Database) async throws -> [Components.Schemas.PersonalRecord] {
        let entries = try await entries(of: user, on: database)
        return sports.flatMap { StatisticsReport.records(of: entries, sport: $0) }
    }

    /// The best efforts of run `runID` as `viewer` may see them, each marked for its owner
    /// alone as a record or not (the owner's records are nobody else's business); 404
    /// unless they may see the run.
    static func bestEfforts(ofRun runID: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.RunBestEfforts {
        let run = try await RunAccess.visibleRun(runID, to: viewer, on: database, withTrack: false)
        let runID = try run.requireID().apiID
        // The owner's records of the run's sport, to mark the efforts that are; nobody else's business.
        var records: [Double: String]?
        if let viewer, viewer == run.$owner.id {
            let standing = StatisticsReport.records(of: try await entries(of: viewer, on: database), sport: run.sport)
            records = Dictionary(uniqueKeysWithValues: standing.map { ($0.distanceMeters, $0.runId) })
        }
        let efforts = run.efforts.compactMap { effort -> Components.Schemas.BestEffort? in
            guard let name = BestEffort.name(of: effort.distanceMeters) else { return nil }
            return .init(name: name, distanceMeters: effort.distanceMeters, seconds: effort.seconds,
                         paceSecondsPerKilometer: effort.seconds / (effort.distanceMeters / 1000),
                         personalRecord: records.map { $0[effort.distanceMeters] == runID })
        }
        return .init(runId: runID, sport: run.sport, efforts: efforts)
    }

    /// What each of `user`'s runs gives the statistics and records: its columns, never its track.
    private static func entries(of user: UUID, on database: any Database) async throws -> [StatisticsReport.Entry] {
        let runs = try await Run.query(on: database).filter(\.$owner.$id == user)
            .field(\.$id).field(\.$sport).field(\.$startTime).field(\.$creditedDistanceMeters).field(\.$movingSeconds)
            .field(\.$elapsedSeconds).field(\.$bestEfforts).field(\.$trainingLoad).field(\.$steps)
            .all()
        return try runs.compactMap { run -> StatisticsReport.Entry? in
            guard let start = run.startTime else { return nil }
            return .init(runID: try run.requireID(), sport: run.sport, start: start, distance: run.creditedDistanceMeters.storedOrZero,
                         moving: run.movingSeconds.storedOrZero, elapsed: run.elapsedSeconds.storedOrZero, efforts: run.efforts,
                         load: run.trainingLoad.storedOrNil ?? 0, steps: max(0, run.steps ?? 0))
        }
    }
}
