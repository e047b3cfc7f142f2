import Fluent
import Foundation
import PacelineCore
import SQLKit

/// The record distances over which a run was its owner's fastest when it was recorded:
/// faster than every earlier activity of its sport seen at least as widely as it is. A
/// public run is compared with the owner's public runs, a friends' run with their public
/// and friends' runs, a private run with all of them. So the mark tells whoever may see
/// the run nothing about runs they may not see, and it is shown to them all (on the
/// activity, in the feed). Kept with the run (`runs.new_records`) as it stood when
/// recorded, and measured again when the run's sport or privacy changes.
enum NewRecords {
    /// The fastest seconds over each record distance so far, by how widely the run was seen.
    struct Tally {
        private var fastest: [Privacy: [Double: Double]] = [:]

        /// Counts `efforts` of a run seen as `privacy`.
        mutating func add(_ efforts: [BestEffort], privacy: Privacy) {
            for effort in efforts where effort.seconds < fastest[privacy]?[effort.distanceMeters] ?? .infinity {
                fastest[privacy, default: [:]][effort.distanceMeters] = effort.seconds
            }
        }

        /// The distances over which `efforts`, seen as `privacy`, beat everything counted
        /// that is seen at least as widely (an equal time is not a new record).
        func records(_ efforts: [BestEffort], privacy: Privacy) -> [Double] {
            let compared = Privacy.allCases.filter { NewRecords.isSeen($0, asWidelyAs: privacy) }
            return efforts.filter { effort in
                compared.allSatisfy { effort.seconds < fastest[$0]?[effort.distanceMeters] ?? .infinity }
            }.map(\.distanceMeters)
        }
    }

    /// Whether what is `other` is seen by everyone who sees what is `privacy`.
    static func isSeen(_ other: Privacy, asWidelyAs privacy: Privacy) -> Bool {
        rank(other) <= rank(privacy)
    }

    private static func rank(_ privacy: Privacy) -> Int {
        switch privacy {
        case .public: 0
        case .friendsAndClubs: 1  // seen by every friend, and by club-mates too
        case .friends: 2
        case .private: 3
        }
    }

    /// `run`'s new records among its owner's other activities of its sport that started
    /// before it (or at its instant with a smaller id): the distances of `runs.new_records`.
    /// - Complexity: one query over the owner's activities of the sport (their columns, never a track).
    static func measure(_ run: Run, on database: any Database) async throws -> [Double] {
        guard let start = run.startTime else { return [] }
        let id = run.id ?? UUID()
        let seen = Privacy.allCases.filter { isSeen($0, asWidelyAs: run.privacy) }
        let others = try await Run.query(on: database).filter(\.$owner.$id == run.$owner.id).filter(\.$sport == run.sport)
            .filter(\.$privacy ~~ seen).filter(\.$startTime <= start)
            .field(\.$id).field(\.$startTime).field(\.$privacy).field(\.$bestEfforts).all()
        var tally = Tally()
        for other in others {
            guard let otherID = other.id, otherID != id, let otherStart = other.startTime,
                  otherStart < start || otherID.uuidString < id.uuidString else { continue }
            tally.add(other.efforts, privacy: other.privacy)
        }
        return tally.records(run.efforts, privacy: run.privacy)
    }

    /// Measures again the marks of all `owner`'s activities (of `sport`, or of every sport),
    /// in the order they were done, with the privacy each has now: what one run's privacy,
    /// sport or deletion changed for the runs after it. A run whose marks change is marked
    /// updated, for clients that sync.
    /// - Complexity: one query over the owner's activities (their columns, never a track),
    ///   and an `UPDATE` for each whose marks changed.
    static func measureAll(of owner: UUID, sport: Sport? = nil, on sql: any SQLDatabase) async throws {
        let only: SQLQueryString = sport.map { "AND sport = \(bind: $0.rawValue)" } ?? ""
        let runs = try await sql.raw("""
            SELECT id, sport, privacy, best_efforts, new_records FROM runs
            WHERE owner_id = \(bind: owner) \(only) AND start_time IS NOT NULL AND deleted_at IS NULL ORDER BY start_time, id
            """).all()
        var tallies: [String: Tally] = [:]
        for row in runs {
            let sport = try row.decode(column: "sport", as: String.self)
            let privacy = try row.decode(column: "privacy", as: Privacy.self)
            let efforts = BestEffort.stored(try row.decode(column: "best_efforts", as: String.self))
            let records = tallies[sport, default: .init()].records(efforts, privacy: privacy)
            tallies[sport, default: .init()].add(efforts, privacy: privacy)
            let stored = try row.decode(column: "new_records", as: String?.self)
            guard stored.map(Self.stored) != records else { continue }
            try await sql.raw("""
                UPDATE runs SET new_records = \(bind: StoredJSON.text(records)), updated_at = \(bind: Date())
                WHERE id = \(bind: try row.decode(column: "id", as: UUID.self))
                """).run()
        }
    }

    /// Whether `run`'s owner has an activity of its sport that started after it.
    static func hasLater(than run: Run, on database: any Database) async throws -> Bool {
        guard let start = run.startTime else { return false }
        return try await Run.query(on: database).filter(\.$owner.$id == run.$owner.id).filter(\.$sport == run.sport)
            .filter(\.$startTime > start).first() != nil
    }

    /// The distances a `runs.new_records` column holds, read by a query; none when it does not decode.
    static func stored(_ json: String?) -> [Double] {
        (json.flatMap(StoredJSON.value) as [Double]?)?.filter(\.isFinite) ?? []
    }
}
