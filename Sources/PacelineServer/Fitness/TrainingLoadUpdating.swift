import Fluent
import Foundation
import PacelineCore
import SQLKit

/// Brings stored training loads up to date after a runner changed their physiology: the
/// change marks their runs from its day on (`mark`, in its transaction), and each instance
/// looks every `interval` for marked runs and measures their load again from the stored
/// track with the values in force on each run's day, a page of one owner's runs at a time
/// under the owner's lock (so a change meanwhile waits, and marks again after). Only the
/// load changes: nothing else a run's numbers decide depends on the physiology.
///
/// Idempotent and bounded: a page is at most `pageSize` runs, and a run measured is
/// unmarked in the transaction that writes its load.
enum TrainingLoadUpdating {
    /// How often each instance looks, seconds.
    static let interval: TimeInterval = 5
    /// Runs measured in one transaction.
    static let pageSize = 50

    /// Marks `user`'s runs that may have started on `day` or after, on any clock (from 14 h
    /// before its midnight in UTC).
    static func mark(_ user: UUID, from day: Int, on database: any Database) async throws {
        let since = Date(timeIntervalSince1970: Double(day) * 86_400 - Double(LocalDay.offsetRange.upperBound))
        try await database.sql.update(Run.schema).set("training_load_outdated", to: SQLBind(true))
            .where("owner_id", .equal, SQLBind(user)).where("start_time", .greaterThanOrEqual, SQLBind(since))
            .where("deleted_at", .is, SQLLiteral.null).run()
    }

    /// Runs marked, left to measure.
    static func outdated(on database: any Database) async throws -> Int {
        try await Run.query(on: database).filter(\.$trainingLoadOutdated == true).count()
    }

    /// Measures every marked run, a page at a time; returns how many.
    @discardableResult
    static func all(on database: any Database) async throws -> Int {
        var done = 0
        while let page = try await page(on: database) { done += page }
        return done
    }

    /// Measures one page: the marked runs of one owner (the owner of the first marked run
    /// found), at most `pageSize`. Nil when none is marked.
    static func page(on database: any Database) async throws -> Int? {
        guard let first = try await Run.query(on: database).filter(\.$trainingLoadOutdated == true)
            .field(\.$id).field(\.$owner.$id).first() else { return nil }
        let owner = first.$owner.id
        return try await database.lockingUser(owner) { transaction in
            let history = try await PhysiologyBook.history(of: owner, on: transaction)
            let runs = try await Run.query(on: transaction).filter(\.$owner.$id == owner).filter(\.$trainingLoadOutdated == true)
                .field(\.$id).field(\.$sport).field(\.$track).field(\.$startTime).field(\.$utcOffsetSeconds).field(\.$startLongitude)
                .sort(\.$id).limit(pageSize).all()
            for run in runs {
                var update = transaction.sql.update(Run.schema).set("training_load_outdated", to: SQLLiteral.null)
                // An unreadable track (a deleted run's) keeps the load it had.
                if let day = run.localDay, let track = try? CompactTrack.decode(run.track).0 {
                    let load = TrainingLoad.of(track, sport: run.sport, physiology: history.inForce(on: day))
                    update = update.set("training_load", to: SQLBind(load?.value)).set("training_load_source", to: SQLBind(load?.source.rawValue))
                        .set("updated_at", to: SQLBind(Date()))
                }
                try await update.where("id", .equal, SQLBind(try run.requireID())).run()
            }
            return runs.count
        }
    }
}
