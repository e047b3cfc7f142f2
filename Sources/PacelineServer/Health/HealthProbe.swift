import Fluent
import Foundation
import SQLKit

/// Whether this instance's database answers and takes writes: what `/health` reports, so a
/// load balancer stops sending traffic to an instance whose database went read-only or full
/// instead of finding out through failed requests.
///
/// A write is the only honest test (a read works on a read-only or full database), so
/// the probe rewrites one row; at most once per `interval`, however often it is asked,
/// so polling `/health` can't become a write load. One actor: concurrent asks share the
/// answer of the one write in flight.
actor HealthProbe {
    /// The table the probe writes (`Migrations/012`).
    static let table = "health_probes"

    /// The state of the database at the last probe.
    enum Reading: Equatable, Sendable {
        case writable
        case outage(DatabaseOutage)
    }

    private let database: any Database
    private let interval: TimeInterval
    private var last: (reading: Reading, at: Date)?
    private var inFlight: Task<Reading, Never>?

    init(database: any Database, interval: TimeInterval = 1) {
        self.database = database
        self.interval = interval
    }

    /// The database's state, probed now unless it was within `interval`.
    func reading(now: Date = Date()) async -> Reading {
        if let last, now.timeIntervalSince(last.at) < interval { return last.reading }
        if let inFlight { return await inFlight.value }
        let database = self.database
        let task = Task { await Self.probe(database) }
        inFlight = task
        let reading = await task.value
        inFlight = nil
        last = (reading, Date())
        return reading
    }

    /// One write: the probe row upserted with the time. A failure that is not an outage
    /// (which would be a bug) still counts as unreachable, so `/health` never says ok
    /// over a database it could not write.
    private static func probe(_ database: any Database) async -> Reading {
        do {
            try await database.sql.insert(into: table)
                .columns("id", "checked_at").values(SQLBind(1), SQLBind(Date()))
                .onConflict(with: ["id"]) { $0.set(excludedValueOf: "checked_at") }
                .run()
            return .writable
        } catch {
            return .outage(DatabaseOutage(error) ?? .unreachable)
        }
    }
}
