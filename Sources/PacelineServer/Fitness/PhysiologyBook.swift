import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// A runner's dated heart rates and threshold pace (`PhysiologyEntry`): listing, adding,
/// replacing and deleting entries, each checked (`PhysiologyCheck`), and the values in
/// force on a day with their zones. A change marks the runs whose training load it may
/// change, for `TrainingLoadUpdating` to measure again. Handlers decode, call one of
/// these, and encode; refusals are `Refusal`s.
enum PhysiologyBook {
    /// The most entries a user keeps.
    static let maximumEntries = 100

    /// `user`'s entries, newest first, and the values in force on `today`.
    static func list(of user: UUID, today: LocalDay, on database: any Database) async throws -> Components.Schemas.PhysiologyList {
        let entries = try await rows(of: user, on: database)
        let history = PhysiologyHistory(entries.map(\.history))
        return .init(entries: try entries.reversed().map(schema), inForce: inForce(history.inForce(on: today), on: today))
    }

    /// `user`'s history, as training load and zones read it.
    static func history(of user: UUID, on database: any Database) async throws -> PhysiologyHistory {
        PhysiologyHistory(try await rows(of: user, on: database).map(\.history))
    }

    /// The values in force for `user` on `day`, with their zones.
    static func inForce(of user: UUID, on day: LocalDay, database: any Database) async throws -> Components.Schemas.PhysiologyInForce {
        inForce(try await history(of: user, on: database).inForce(on: day), on: day)
    }

    /// Adds `input` to `user`'s entries: 400 when a value is out of range, 409 `entry_exists`
    /// for another from the same day, 409 `too_many_entries` past `maximumEntries`.
    static func create(_ input: Components.Schemas.PhysiologyEntryInput, for user: UUID,
                       on database: any Database) async throws -> Components.Schemas.PhysiologyEntry {
        let entry = PhysiologyEntry()
        entry.$user.id = user
        try PhysiologyCheck.fill(entry, from: input)
        try await database.lockingUser(user) { transaction in
            let entries = try await rows(of: user, on: transaction)
            guard entries.count < maximumEntries else {
                throw Refusal(.conflict, code: "too_many_entries", message: "keep at most \(maximumEntries) entries: delete one first")
            }
            try check(entries + [entry], changedFrom: entry.fromDay)
            try await entry.create(on: transaction)
            try await TrainingLoadUpdating.mark(user, from: entry.fromDay, on: transaction)
        }
        return try schema(entry)
    }

    /// Replaces `user`'s entry `id` with `input`, checked as a new one; 404 unless it is theirs.
    static func update(_ id: String, with input: Components.Schemas.PhysiologyEntryInput, of user: UUID,
                       on database: any Database) async throws -> Components.Schemas.PhysiologyEntry {
        return try await database.lockingUser(user) { transaction in
            let entries = try await rows(of: user, on: transaction)
            guard let entryID = UUID(uuidString: id), let entry = entries.first(where: { $0.id == entryID }) else {
                throw Refusal.notFound("entry")
            }
            let before = entry.fromDay
            try PhysiologyCheck.fill(entry, from: input)
            try check(entries, changedFrom: min(before, entry.fromDay))
            try await entry.save(on: transaction)
            try await TrainingLoadUpdating.mark(user, from: min(before, entry.fromDay), on: transaction)
            return try schema(entry)
        }
    }

    /// Deletes `user`'s entry `id`; 404 unless it is theirs, 400 when the values left in
    /// force can't be a person's (a threshold above the default maximum the entry raised).
    static func delete(_ id: String, of user: UUID, on database: any Database) async throws {
        try await database.lockingUser(user) { transaction in
            let entries = try await rows(of: user, on: transaction)
            guard let entryID = UUID(uuidString: id), let entry = entries.first(where: { $0.id == entryID }) else {
                throw Refusal.notFound("entry")
            }
            try check(entries.filter { $0 !== entry }, changedFrom: entry.fromDay)
            try await entry.delete(on: transaction)
            try await TrainingLoadUpdating.mark(user, from: entry.fromDay, on: transaction)
        }
    }

    /// `user`'s entries, oldest first.
    private static func rows(of user: UUID, on database: any Database) async throws -> [PhysiologyEntry] {
        try await PhysiologyEntry.query(on: database).filter(\.$user.$id == user).sort(\.$fromDay).sort(\.$createdAt).all()
    }

    /// 409 when two of `entries` are from one day; 400 when the values in force on a day
    /// from `day` on, where an entry starts, can't be a person's.
    private static func check(_ entries: [PhysiologyEntry], changedFrom day: Int) throws {
        let days = entries.map(\.fromDay)
        guard Set(days).count == days.count else {
            throw Refusal(.conflict, code: "entry_exists", message: "an entry from that day exists: change it instead")
        }
        let history = PhysiologyHistory(entries.map(\.history))
        for start in days.sorted() where start >= day {
            if let problem = history.inForce(on: LocalDay(number: start)).problem {
                throw Refusal.invalid("from \(LocalDay(number: start).text), \(problem)")
            }
        }
    }

    private static func schema(_ entry: PhysiologyEntry) throws -> Components.Schemas.PhysiologyEntry {
        .init(id: try entry.requireID().apiID, from: LocalDay(number: entry.fromDay).text, restingHeartRate: entry.restingHeartRate,
              maximumHeartRate: entry.maximumHeartRate, thresholdHeartRate: entry.thresholdHeartRate,
              thresholdPaceSecondsPerKilometer: entry.thresholdPace, zoneBounds: entry.zoneBounds)
    }

    private static func inForce(_ values: Physiology, on day: LocalDay) -> Components.Schemas.PhysiologyInForce {
        .init(date: day.text, restingHeartRate: values.restingHeartRate, maximumHeartRate: values.maximumHeartRate,
              thresholdHeartRate: values.thresholdHeartRate, thresholdPaceSecondsPerKilometer: values.thresholdPace,
              zones: zones(values.heartRateZones))
    }

    /// `zones` as the API says them, with `seconds` in each when given.
    static func zones(_ zones: HeartRateZones, seconds: [Double]? = nil) -> Components.Schemas.HeartRateZones {
        let lows: [Double?] = [nil] + zones.bounds, highs: [Double?] = zones.bounds + [nil]
        return .init(method: zones.method, zones: (0..<lows.count).map { k in
            .init(zone: k + 1, fromHeartRate: lows[k], toHeartRate: highs[k], seconds: seconds?[k])
        })
    }
}
