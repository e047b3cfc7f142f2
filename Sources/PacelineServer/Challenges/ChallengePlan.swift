import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// What a challenge's creation says, checked before it is saved: a title of 1 to 200
/// characters, a description of at most 2000; dates that end in the future, after the
/// start, at most `longest` after it, with a start at most `backdate` ago (this month's
/// challenge set on the 5th counts from the 1st) and at most 365 days ahead; what the
/// kind needs (a goal in range for a total, a record distance for `fastest`, a public
/// segment for `segment`) and nothing it does not. Each refusal is a 400 saying what was
/// wrong (a segment not to be seen, 404).
enum ChallengePlan {
    /// The longest a challenge lasts.
    static let longest: TimeInterval = 366 * 86_400
    /// How long before its creation a challenge may start.
    static let backdate: TimeInterval = 31 * 86_400
    /// The largest goal of each kind: metres, seconds.
    static func largestGoal(_ kind: ClubChallenge.Kind) -> Double {
        switch kind {
        case .distance: 100_000_000
        case .ascent: 1_000_000
        case .time: 360_000_000
        case .fastest, .segment: 7 * 86_400
        }
    }

    /// A new challenge of club `club`, set by `creator`.
    static func challenge(_ creation: Components.Schemas.ClubChallengeCreation, club: UUID, by creator: UUID, now: Date = Date(),
                          on database: any Database) async throws -> ClubChallenge {
        let challenge = ClubChallenge()
        challenge.$club.id = club
        challenge.createdBy = creator
        challenge.title = try title(creation.title)
        challenge.description = try TextInput.checked(creation.description ?? "", "description", .description)
        challenge.sport = creation.sport
        let kind = ClubChallenge.Kind(creation.kind)
        challenge.kind = kind
        (challenge.startsAt, challenge.endsAt) = try dates(creation.startsAt, creation.endsAt, now: now)
        challenge.goal = try goal(creation.goal, of: kind)
        challenge.together = try together(creation.together ?? false, of: kind)
        challenge.effortMeters = try effort(creation.effortMeters, of: kind)
        challenge.segmentID = try await segment(creation.segmentId, of: kind, by: creator, on: database)
        return challenge
    }

    private static func title(_ text: String) throws -> String {
        let title = try TextInput.checked(text, "title", .name).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw Refusal.invalid("`title` must not be empty") }
        return title
    }

    private static func dates(_ start: Date, _ end: Date, now: Date) throws -> (Date, Date) {
        guard end > start else { throw Refusal.invalid("`endsAt` must be after `startsAt`") }
        guard end > now else { throw Refusal.invalid("`endsAt` must be in the future") }
        guard end.timeIntervalSince(start) <= longest else { throw Refusal.invalid("a challenge lasts at most 366 days") }
        guard start >= now.addingTimeInterval(-backdate) else { throw Refusal.invalid("`startsAt` may be at most 31 days ago") }
        guard start <= now.addingTimeInterval(InvitationPlan.maximumLead) else {
            throw Refusal.invalid("`startsAt` must be at most 365 days ahead")
        }
        return (start, end)
    }

    private static func goal(_ goal: Double?, of kind: ClubChallenge.Kind) throws -> Double? {
        guard let goal else {
            if kind.fewestFirst { return nil }
            throw Refusal.invalid("a total needs a `goal`")
        }
        guard goal.isFinite, goal > 0, goal <= largestGoal(kind) else {
            throw Refusal.invalid("`goal` must be more than 0 and at most \(Int(largestGoal(kind))) \(kind == .distance || kind == .ascent ? "metres" : "seconds")")
        }
        return goal
    }

    private static func together(_ together: Bool, of kind: ClubChallenge.Kind) throws -> Bool {
        guard !together || !kind.fewestFirst else { throw Refusal.invalid("only a total can be a goal together") }
        return together
    }

    private static func effort(_ meters: Double?, of kind: ClubChallenge.Kind) throws -> Double? {
        guard kind == .fastest else {
            guard meters == nil else { throw Refusal.invalid("`effortMeters` is only for `fastest`") }
            return nil
        }
        guard let meters, BestEffort.name(of: meters) != nil else {
            let distances = BestEffort.recordDistances.map { "\($0.meters.formatted(.number.grouping(.never)))" }
            throw Refusal.invalid("`fastest` needs `effortMeters`, one of \(distances.joined(separator: ", "))")
        }
        return meters
    }

    private static func segment(_ id: String?, of kind: ClubChallenge.Kind, by creator: UUID, on database: any Database) async throws -> UUID? {
        guard kind == .segment else {
            guard id == nil else { throw Refusal.invalid("`segmentId` is only for `segment`") }
            return nil
        }
        guard let id else { throw Refusal.invalid("`segment` needs a `segmentId`") }
        let segment = try await SegmentBook.visibleSegment(id, to: creator, on: database)
        guard segment.privacy == .public else {
            throw Refusal.invalid("the segment must be public, so that every member may see it")
        }
        return try segment.requireID()
    }
}

extension ClubChallenge.Kind {
    init(_ kind: Components.Schemas.ClubChallengeKind) {
        self = switch kind {
        case .distance: .distance
        case .time: .time
        case .ascent: .ascent
        case .fastest: .fastest
        case .segment: .segment
        }
    }

    /// As the API names it.
    var schema: Components.Schemas.ClubChallengeKind {
        switch self {
        case .distance: .distance
        case .time: .time
        case .ascent: .ascent
        case .fastest: .fastest
        case .segment: .segment
        }
    }
}
