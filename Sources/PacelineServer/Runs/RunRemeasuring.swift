import Fluent
import Foundation
import PacelineCore

/// Measures stored runs again with today's rules (`AnalysisRules`): each from its original
/// (or, stored before originals were kept, from its stored track), and what follows from its
/// numbers (records, badges, segment efforts, missions, route leaderboards) as a sport change does, under its
/// owner's lock. A page of one owner's runs at a time: the work that reads the owner's
/// whole history (records, badges) is done once a page, not once a run.
///
/// Idempotent and resumable: a run measured carries today's version, and a page is chosen
/// among the runs that do not; an instance that finds a run of its page measured meanwhile
/// by another leaves it.
package enum RunRemeasuring {
    /// Runs measured in one transaction.
    static let pageSize = 50

    /// What has been done so far.
    package struct Progress: Sendable, Equatable {
        /// Runs measured with today's rules.
        package var remeasured = 0
        /// Of those, measured from the stored track (no original kept).
        package var fromStoredTrack = 0
        /// Runs today's rules find no run in (too short, no timed path): their numbers are
        /// kept as they were, and they are not tried again.
        package var keptAsTheyWere = 0

        /// Runs done, whichever way.
        package var done: Int { remeasured + keptAsTheyWere }
    }

    /// How many runs older rules measured.
    package static func outdated(on database: any Database) async throws -> Int {
        try await Run.query(on: database).filter(\.$analysisVersion < AnalysisRules.version).count()
    }

    /// Measures every run older rules measured, a page at a time, calling `report` after
    /// each; returns what it did.
    package static func all(on database: any Database, report: (Progress) async -> Void = { _ in }) async throws -> Progress {
        var progress = Progress()
        while let done = try await page(on: database) {
            progress.remeasured += done.remeasured
            progress.fromStoredTrack += done.fromStoredTrack
            progress.keptAsTheyWere += done.keptAsTheyWere
            await report(progress)
        }
        return progress
    }

    /// Measures one page: the oldest runs older rules measured of one owner (the owner of
    /// the oldest of all). Nil when there are none.
    static func page(on database: any Database) async throws -> Progress? {
        guard let first = try await Run.query(on: database).filter(\.$analysisVersion < AnalysisRules.version)
            .sort(\.$analysisVersion).sort(\.$id).field(\.$id).field(\.$owner.$id).first() else { return nil }
        let ownerID = first.$owner.id
        guard let owner = try await User.find(ownerID, on: database) else { return nil }
        let runs = try await Run.query(on: database).filter(\.$owner.$id == ownerID)
            .filter(\.$analysisVersion < AnalysisRules.version).sort(\.$id).limit(pageSize).all()
        let physiology = try await PhysiologyBook.history(of: ownerID, on: database)
        // Measured outside the transaction: the owner's lock is held only to write.
        var progress = Progress()
        var measured: [(run: Run, checkpoints: [Checkpoint]?, isMeasured: Bool)] = []
        for run in runs {
            run.$owner.value = owner
            do {
                if let original = try await original(of: run, on: database) {
                    measured.append((run, try RunRecorder.remeasure(run, fromOriginal: original, owner: owner, physiology: physiology), true))
                } else {
                    measured.append((run, try RunRecorder.remeasure(run, owner: owner, physiology: physiology), true))
                    if run.originalID == nil { progress.fromStoredTrack += 1 }
                }
                progress.remeasured += 1
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // Today's rules find no run in it: kept as it was, and not tried again.
                run.analysisVersion = AnalysisRules.version
                measured.append((run, nil, false))
                progress.keptAsTheyWere += 1
            }
        }
        let page = measured
        try await database.lockingUser(ownerID) { transaction in
            var sports = Set<Sport>()
            for (run, checkpoints, isMeasured) in page {
                let id = try run.requireID()
                // Measured meanwhile by another instance: left as it is.
                guard try await Run.query(on: transaction).filter(\.$id == id).filter(\.$analysisVersion < AnalysisRules.version)
                    .count() == 1 else { continue }
                guard isMeasured else {
                    try await run.save(on: transaction)
                    continue
                }
                sports.insert(run.sport)
                try await RouteJoin.remeasured(run, on: transaction)
                try await run.save(on: transaction)
                try await SegmentMatching.rematch(run, checkpoints: checkpoints, on: transaction)
                try await MissionAdvancer.remeasured(run, on: transaction)
                // The routes made of it: their length and pins follow its checkpoints.
                for route in try await Route.query(on: transaction).filter(\.$run.$id == id).all() {
                    try await RoutePlacement.move(route, along: checkpoints ?? (try? run.checkpoints()) ?? [], hiding: owner.privacyZones, on: transaction)
                }
            }
            for sport in sports { try await NewRecords.measureAll(of: ownerID, sport: sport, on: transaction.sql) }
            if !sports.isEmpty {
                _ = try await AchievementBook.refresh(ownerID, on: transaction)
                try await ChallengeFinishers.mark(after: ownerID, on: transaction)
            }
        }
        return progress
    }

    /// The activity `run` was made from, read again from its original as its upload read
    /// it: its impossible numbers screened by the limits of the day it came
    /// (`FixLimits`), its satellite altitude given way to the elevation model where it has
    /// the ground. Nil when it is measured from its stored track: it has no original
    /// (stored before originals were kept), or it is a live run, whose stored track is the
    /// stretch of the phone's fixes the race or follow made the run of.
    static func original(of run: Run, on database: any Database) async throws -> Activity? {
        guard run.format != .live, var activity = try await RunOriginal.activity(of: run, on: database) else { return nil }
        activity.track = FixLimits(now: run.createdAt ?? Date()).screen(activity.track).0
        return try await ElevationTiles.elevations(for: activity, on: database)
    }
}
