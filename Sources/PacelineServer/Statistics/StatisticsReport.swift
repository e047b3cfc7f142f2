import Foundation
import PacelineAPI
import PacelineCore

/// A user's totals, averages, weekly and monthly totals and personal records, from the
/// statistics columns of their runs (tracks are never read). Distances are the runs'
/// credited distances, and records their best efforts along them (`CreditedDistance`).
struct StatisticsReport {
    /// What one run contributes.
    struct Entry {
        var runID: UUID
        var start: Date
        /// The run's credited distance.
        var distance: Double
        var moving: Double
        var elapsed: Double
        var efforts: [BestEffort]
    }

    static let weeksShown = 52
    static let monthsShown = 24

    /// - Complexity: O(n log n) in the runs (grouping by period sorts the periods).
    static func statistics(of entries: [Entry]) -> Components.Schemas.Statistics {
        let distance = entries.reduce(0) { $0 + $1.distance }
        let moving = entries.reduce(0) { $0 + $1.moving }
        let elapsed = entries.reduce(0) { $0 + $1.elapsed }
        return .init(
            runs: entries.count,
            distanceMeters: distance,
            movingSeconds: moving,
            elapsedSeconds: elapsed,
            averageDistanceMeters: entries.isEmpty ? 0 : distance / Double(entries.count),
            averagePaceSecondsPerKilometer: distance >= 1 && moving > 0 ? moving / (distance / 1000) : nil,
            weekly: totals(of: entries, period: .weekOfYear, limit: weeksShown),
            monthly: totals(of: entries, period: .month, limit: monthsShown),
            records: records(of: entries)
        )
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)  // weeks start on Monday
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func totals(of entries: [Entry], period: Calendar.Component, limit: Int) -> [Components.Schemas.PeriodTotal] {
        var byStart: [Date: (runs: Int, distance: Double, moving: Double)] = [:]
        for entry in entries {
            guard let start = calendar.dateInterval(of: period, for: entry.start)?.start else { continue }
            let total = byStart[start] ?? (0, 0, 0)
            byStart[start] = (total.runs + 1, total.distance + entry.distance, total.moving + entry.moving)
        }
        return byStart.sorted { $0.key > $1.key }.prefix(limit).map { start, total in
            .init(start: dayText(start), runs: total.runs, distanceMeters: total.distance, movingSeconds: total.moving)
        }
    }

    private static func records(of entries: [Entry]) -> [Components.Schemas.PersonalRecord] {
        BestEffort.recordDistances.compactMap { name, meters in
            var best: (seconds: Double, entry: Entry)?
            for entry in entries {
                guard let effort = entry.efforts.first(where: { $0.distanceMeters == meters }) else { continue }
                if best == nil || effort.seconds < best!.seconds { best = (effort.seconds, entry) }
            }
            return best.map {
                .init(name: name, distanceMeters: meters, elapsedSeconds: $0.seconds,
                      runId: $0.entry.runID.apiID, date: $0.entry.start)
            }
        }
    }

    /// "2026-11-16": an OpenAPI `date`.
    private static func dayText(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
