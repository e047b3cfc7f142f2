import Fluent
import Foundation
import PacelineCore

/// A club's challenge: between two instants, in one sport, members go for a total (of
/// distance, moving time or ascent; each alone or the club together), the fastest time
/// over a distance (their best efforts), or the fastest time on a segment. Its owner and
/// admins set it and may delete it; it goes with its club. Once it ends and its results
/// are told (`ChallengeResults`), `closedAt` freezes its finishers.
final class ClubChallenge: Model, @unchecked Sendable {
    static let schema = "club_challenges"

    /// What members go for.
    enum Kind: String, Codable, Sendable, CaseIterable {
        /// Total credited distance, metres.
        case distance
        /// Total moving time, seconds.
        case time
        /// Total ascent, metres.
        case ascent
        /// The fastest time over `effortMeters`, from the activities' best efforts, seconds.
        case fastest
        /// The fastest time on `segment`, seconds.
        case segment

        /// Whether the least value ranks first (a time to beat), not the most (a total).
        var fewestFirst: Bool { self == .fastest || self == .segment }
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "club_id") var club: Club
    /// Who set it; nil once their account is gone.
    @OptionalField(key: "created_by") var createdBy: UUID?
    @Field(key: "title") var title: String
    @Field(key: "description") var description: String
    @Field(key: "sport") var sport: Sport
    @Field(key: "kind") var kind: Kind
    /// A total's goal (metres or seconds), required; a time to beat for `fastest` and
    /// `segment` (seconds), optional: without it, every effort finishes.
    @OptionalField(key: "goal") var goal: Double?
    /// For a total: the club's members together go for `goal`, and all who counted finish when it is reached.
    @Field(key: "together") var together: Bool
    /// For `fastest`: the distance, one of `BestEffort.recordDistances`.
    @OptionalField(key: "effort_m") var effortMeters: Double?
    /// For `segment`: the segment; nil once it is deleted.
    @OptionalField(key: "segment_id") var segmentID: UUID?
    @Field(key: "starts_at") var startsAt: Date
    @Field(key: "ends_at") var endsAt: Date
    /// When its results were told and its finishers frozen; nil before.
    @OptionalField(key: "closed_at") var closedAt: Date?
    /// Since when something it counts changed and its finishers were not settled since
    /// (`ChallengeFinishers`); nil when they are up to date.
    @OptionalField(key: "changed_at") var changedAt: Date?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}

/// A member who finished a club challenge, and when: their badge for it. Kept while they
/// still qualify until the challenge closes (`ChallengeFinishers`); then for good, even
/// if they leave the club. Gone with the challenge or the user.
final class ClubChallengeFinisher: Model, @unchecked Sendable {
    static let schema = "club_challenge_finishers"

    @ID(key: .id) var id: UUID?
    @Parent(key: "challenge_id") var challenge: ClubChallenge
    @Parent(key: "user_id") var user: User
    @Field(key: "finished_at") var finishedAt: Date

    init() {}
}
