import ArgumentParser
import Foundation
import PacelineArchives
import PacelineCore

/// `paceline achievements FILE...`: the score, streak and badges a set of activity files
/// earns, by the server's rules (PacelineCore's `AchievementReport`), without a server.
struct AchievementsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "achievements",
        abstract: "Points, daily streak and badges your activity files earn (with the date earned, or progress so far).",
        discussion: """
            Local days count in the UTC offset given, else in the nautical time zone of each \
            activity's start longitude. A file that can't be read is named on stderr (exit 65); \
            the others still count.
            """
    )

    @Argument(help: "Activities (.gpx, .tcx, .fit).", completion: .file())
    var files: [String]

    @Option(name: .customLong("utc-offset"), help: "Minutes east of UTC for every activity (e.g. 60 for Paris in winter).")
    var utcOffsetMinutes: Int?

    @Flag(help: "One JSON object: points, streak and badges.")
    var json = false

    func validate() throws {
        if let utcOffsetMinutes, !LocalDay.offsetRange.contains(utcOffsetMinutes * 60) {
            throw ValidationError("--utc-offset must be -720 to 840 minutes")
        }
    }

    func run() throws {
        var facts = AchievementFacts()
        var failed = false
        for path in files {
            do {
                let activities = try ActivityFile.readAll(contentsOf: URL(fileURLWithPath: path))
                for (number, var activity) in zip(1..., activities) {
                    let id = activities.count > 1 ? "\(path) #\(number)" : path
                    activity.track = FixLimits(now: Date()).screen(activity.track).track
                    activity.inferSportIfUnnamed()  // as the server does with an upload
                    if let fact = Self.fact(of: activity, id: id, utcOffsetMinutes: utcOffsetMinutes) { facts.activities.append(fact) }
                    else { Output.error("\(id): no timed GPS positions, so nothing to count"); failed = true }
                }
            } catch {
                Output.error("\(path): \(error)")
                failed = true
            }
        }
        let report = AchievementReport(facts, now: facts.activities.lazy.map(\.start).max() ?? Date())
        if json { try Output.json(AchievementsJSON(report)) } else { print(report) }
        if failed { throw ExitCode(65) }
    }

    /// The activity as the server counts it: its own credited distance, moving time and best efforts.
    static func fact(of activity: Activity, id: String, utcOffsetMinutes: Int?) -> ActivityFact? {
        let thresholds = SportThresholds.for(activity.sport)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        let profile = TrackProfile(segments: kept, thresholds: thresholds)
        let summary = ActivitySummary(activity, profile: profile, dropped: dropped, thresholds: thresholds)
        guard let start = summary.startTime, summary.gpsDistanceMeters != nil else { return nil }
        let longitude = activity.track.fixes.first { $0.coordinate != nil }?.coordinate?.longitude
        return ActivityFact(
            id: id, start: start, utcOffsetSeconds: utcOffsetMinutes.map { $0 * 60 } ?? LocalDay.fallbackOffset(longitude: longitude),
            sport: activity.sport, distanceMeters: summary.credited.credited,
            movingSeconds: summary.movingSeconds ?? 0,
            bestEfforts: BestEffort.efforts(in: profile, credited: summary.credited))
    }

    private func print(_ report: AchievementReport) {
        let p = report.points
        Output.line("Points: \(p.total) (distance \(p.distance), streak \(p.streak), group \(p.group))")
        Output.line("Streak: \(report.streak.current) days now, \(report.streak.longest) at most")
        for badge in report.badges {
            let scale = badge.badge.family.displayScale
            let progress = "\(Self.number(badge.current / scale))/\(Self.number(badge.badge.target / scale))"
            let state = badge.earnedAt.map { "earned \($0.formatted(.iso8601)) by \(badge.earnedBy ?? "?")" } ?? progress
            Output.line("\(badge.isEarned ? "★" : "·") \(badge.badge.name): \(state)")
        }
    }

    private static func number(_ value: Double) -> String { value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value) }
}

/// `paceline achievements --json`'s output.
private struct AchievementsJSON: Encodable {
    struct BadgeJSON: Encodable {
        var id: String
        var name: String
        var rule: String
        var target: Double
        var current: Double
        var earnedAt: Date?
        var earnedBy: String?
    }

    var points: Points
    var total: Int
    var streak: [String: Int]
    var badges: [BadgeJSON]

    init(_ report: AchievementReport) {
        points = report.points
        total = report.points.total
        streak = ["current": report.streak.current, "longest": report.streak.longest]
        badges = report.badges.map {
            BadgeJSON(id: $0.badge.id, name: $0.badge.name, rule: $0.badge.rule, target: $0.badge.target,
                      current: ($0.current * 10).rounded() / 10, earnedAt: $0.earnedAt, earnedBy: $0.earnedBy)
        }
    }
}
