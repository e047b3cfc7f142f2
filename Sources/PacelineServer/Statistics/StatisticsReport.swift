import Foundation
import PacelineAPI
import PacelineCore

/// A user's totals, averages, weekly and monthly totals and personal records, from the
/// statistics columns of their runs (tracks are never read). Distances are the runs'
/// credited distances, and records their best efforts along them (`CreditedDistance`),
/// kept per sport.
struct StatisticsReport {
    /// What one run contributes.
    struct Entry {
        var runID: UUID
        var sport: Sport
        var start: Date
        /// The run's credited distance.
        var distance: Double
        var moving: Double
        var elapsed: Double
        var efforts: [BestEffort]
        /// TRIMP; 0 without one.
        var load: Double
        /// Its steps, counted or estimated (`StepCount`); 0 without (a ride, a run without cadence).
        var steps = 0
    }

    static let weeksShown = 52
    static let monthsShown = 24

    /// The statistics of `all` the user's activities, or of `sport`'s alone.
    /// - Complexity: O(n log n) in the runs (grouping by period sorts the periods).
    static func statistics(of all: [Entry], sport: Sport? = nil) -> Components.Schemas.Statistics {
        let entries = sport.map { sport in all.filter { $0.sport == sport } } ?? all
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
            steps: entries.reduce(0) { $0 + $1.steps },
            weekly: totals(of: entries, period: .weekOfYear, limit: weeksShown),
            monthly: totals(of: entries, period: .month, limit: monthsShown),
            records: Sport.allCases.flatMap { records(of: entries, sport: $0) },
            sports: sportTotals(of: all)
        )
    }

    private static func sportTotals(of entries: [Entry]) -> [Components.Schemas.SportTotal] {
        Dictionary(grouping: entries, by: \.sport).map { sport, entries in
            .init(sport: sport, activities: entries.count, distanceMeters: entries.reduce(0) { $0 + $1.distance },
                  movingSeconds: entries.reduce(0) { $0 + $1.moving })
        }.sorted { ($0.distanceMeters, $1.sport.rawValue) > ($1.distanceMeters, $0.sport.rawValue) }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .iso8601)  // weeks start on Monday
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func totals(of entries: [Entry], period: Calendar.Component, limit: Int) -> [Components.Schemas.PeriodTotal] {
        var byStart: [Date: (runs: Int, distance: Double, moving: Double, load: Double)] = [:]
        for entry in entries {
            guard let start = calendar.dateInterval(of: period, for: entry.start)?.start else { continue }
            let total = byStart[start] ?? (0, 0, 0, 0)
            byStart[start] = (total.runs + 1, total.distance + entry.distance, total.moving + entry.moving, total.load + entry.load)
        }
        return byStart.sorted { $0.key > $1.key }.prefix(limit).map { start, total in
            .init(start: dayText(start), runs: total.runs, distanceMeters: total.distance, movingSeconds: total.moving,
                  trainingLoad: total.load)
        }
    }

    /// `sport`'s personal records among `entries`: the fastest effort over each record
    /// distance, the earliest of equal times (then the smaller id: the same file twice);
    /// shortest distance first.
    static func records(of entries: [Entry], sport: Sport) -> [Components.Schemas.PersonalRecord] {
        BestEffort.recordDistances.compactMap { name, meters in
            var best: (seconds: Double, entry: Entry)?
            for entry in entries where entry.sport == sport {
                guard let effort = entry.efforts.first(where: { $0.distanceMeters == meters }) else { continue }
                if best == nil || (effort.seconds, entry.start, entry.runID.uuidString) < (best!.seconds, best!.entry.start, best!.entry.runID.uuidString) {
                    best = (effort.seconds, entry)
                }
            }
            return best.map {
                .init(name: name, distanceMeters: meters, elapsedSeconds: $0.seconds, sport: sport,
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
