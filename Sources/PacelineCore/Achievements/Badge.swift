import Foundation

/// A badge a user can earn: a family's measure reaching a target.
///
/// Every badge is in `Badge.catalogue`, earned or not, so a user can see what there is to earn.
public struct Badge: Sendable, Hashable, Identifiable {
    /// What a badge measures.
    public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
        /// Kilometres on foot (runs, walks, hikes), all activities together.
        case distance
        /// Moving hours on foot, all activities together.
        case time
        /// Kilometres on foot in one activity.
        case longest
        /// The longest daily streak, days (`DailyStreak`).
        case streak
        /// Personal records set: best efforts faster than every earlier one at their distance.
        case records
        /// Different routes run.
        case routes
        /// Activities with others (live sessions, invitations).
        case group
        /// Points of interest discovered.
        case discoveries
        /// Mission stages completed.
        case stages
        /// Missions completed.
        case missions
        /// Missions completed with a gold medal.
        case goldMissions
    }

    /// Stable, e.g. `distance-100`; stored with the date it was earned.
    public var id: String
    public var family: Family
    public var name: String
    /// The rule, for people.
    public var rule: String
    /// The measure that earns the badge, in the family's unit (metres, seconds, days or a count).
    public var target: Double

    public init(family: Family, target: Double, name: String, rule: String) {
        self.id = "\(family.rawValue)-\(Int(family.displayScale == 1 ? target : target / family.displayScale))"
        self.family = family
        self.name = name
        self.rule = rule
        self.target = target
    }
}

extension Badge.Family {
    /// What one shown unit is in the family's measure: 1000 for kilometres, 3600 for hours, else 1.
    public var displayScale: Double {
        switch self {
        case .distance, .longest: 1000
        case .time: 3600
        default: 1
        }
    }
}

extension Badge {
    /// Every badge, in the order a profile shows them.
    public static let catalogue: [Badge] = {
        var badges: [Badge] = []
        for km in [10, 50, 100, 250, 500, 1000] {
            // "in all": the longest family's "First 10 km" is another badge.
            badges.append(Badge(family: .distance, target: Double(km) * 1000, name: "\(km) km in all",
                                rule: "Cover \(km) km on foot (runs, walks and hikes together)."))
        }
        for hours in [1, 10, 25, 50, 100] {
            badges.append(Badge(family: .time, target: Double(hours) * 3600, name: "\(hours) h moving",
                                rule: "Be on the move for \(hours) h on foot (moving time, all activities together)."))
        }
        for (name, meters, what) in [("First 5 km", 5000.0, "5 km"), ("First 10 km", 10_000, "10 km"),
                                     ("First half marathon", 21_097.5, "a half marathon (21.1 km)"), ("First marathon", 42_195, "a marathon (42.2 km)")] {
            badges.append(Badge(family: .longest, target: meters, name: name, rule: "Cover \(what) in one activity on foot."))
        }
        for days in [3, 7, 14, 30, 100] {
            badges.append(Badge(family: .streak, target: Double(days), name: "\(days)-day streak",
                                rule: "Be active \(days) days in a row: at least 1 km each local calendar day."))
        }
        for count in [1, 5, 10, 25] {
            // Of `BadgeProgress.recordBadgeDistances` only: the rule names them.
            badges.append(Badge(family: .records, target: Double(count), name: count == 1 ? "First record" : "\(count) records",
                                rule: "Set \(count == 1 ? "a personal record" : "\(count) personal records") (1 km, 5 km, 10 km, half marathon or marathon faster than ever before)."))
        }
        for count in [1, 5, 20] {
            badges.append(Badge(family: .routes, target: Double(count), name: count == 1 ? "On the route" : "\(count) routes",
                                rule: "Run \(count == 1 ? "a route" : "\(count) different routes") from the route map."))
        }
        for count in [1, 5, 20] {
            badges.append(Badge(family: .group, target: Double(count), name: count == 1 ? "Together" : "\(count) together",
                                rule: "Exercise with others \(count == 1 ? "once" : "\(count) times") (a live session or an accepted invitation)."))
        }
        for count in [1, 10, 50] {
            badges.append(Badge(family: .discoveries, target: Double(count), name: count == 1 ? "Discoverer" : "\(count) discoveries",
                                rule: "Discover \(count == 1 ? "a point of interest" : "\(count) points of interest") on a walk."))
        }
        for count in [1, 10, 50] {
            badges.append(Badge(family: .stages, target: Double(count), name: count == 1 ? "First stage" : "\(count) stages",
                                rule: "Complete \(count == 1 ? "a mission stage" : "\(count) mission stages")."))
        }
        for count in [1, 5] {
            badges.append(Badge(family: .missions, target: Double(count), name: count == 1 ? "Mission complete" : "\(count) missions",
                                rule: "Complete \(count == 1 ? "a mission" : "\(count) missions")."))
        }
        badges.append(Badge(family: .goldMissions, target: 1, name: "Gold medal", rule: "Complete a mission with a gold medal."))
        return badges
    }()

    /// The badge with `id`, if the catalogue has it.
    public static func named(_ id: String) -> Badge? { catalogue.first { $0.id == id } }
}
