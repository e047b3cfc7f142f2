import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Club challenges as the API shows them to a reader: the standings ranked without the
/// members the reader may not see (one who blocked them; a segment time through its
/// runner's privacy zone, to anyone but the runner), equal values sharing a rank; the
/// reader's own standing; for a goal together, the total of those standings; how many of
/// them took part and finished. Every number is of what the reader may see: none adds
/// up to a hidden member's.
enum ChallengeView {
    /// `challenge` for `viewer` (whose blockers are `blockers`) at `now`, with its first
    /// `standings` places (none when nil).
    /// - Complexity: the standings' query, and one for the names of the members shown.
    static func schema(of challenge: ClubChallenge, seenBy viewer: UUID, blockers: Set<UUID>, standings limit: Int?,
                       now: Date = Date(), on database: any Database) async throws -> Components.Schemas.ClubChallenge {
        let entries = try await ChallengeStandings.entries(of: challenge, on: database)
        let total = ChallengeStandings.total(entries)
        let ranked = ranks(of: entries.filter { !blockers.contains($0.user) && (!$0.onlyToThemselves || $0.user == viewer) })
        let shown = Array(ranked.prefix(limit ?? 0))
        let mine = ranked.first { $0.entry.user == viewer }
        let names = try await displayNames(of: shown.map(\.entry.user) + [viewer], on: database)
        let standing = { (place: (entry: ChallengeEntry, rank: Int)) -> Components.Schemas.ClubChallengeStanding in
            .init(rank: place.rank, user: .init(id: place.entry.user.apiID, displayName: names[place.entry.user] ?? ""),
                  value: place.entry.value, activities: place.entry.activities, runId: place.entry.runID?.apiID,
                  finished: ChallengeStandings.finished(place.entry, of: challenge, total: total))
        }
        let finishers = ranked.filter { ChallengeStandings.finished($0.entry, of: challenge, total: total) }.count
        let segment = if let id = challenge.segmentID { try await Segment.find(id, on: database) } else { Segment?.none }
        let creator = if let id = challenge.createdBy { try await User.find(id, on: database) } else { User?.none }
        return .init(
            id: try challenge.requireID().apiID, clubId: challenge.$club.id.apiID, title: challenge.title, description: challenge.description,
            sport: challenge.sport, kind: challenge.kind.schema, goal: challenge.goal, together: challenge.together,
            effortMeters: challenge.effortMeters,
            segment: try segment.map { .init(id: try $0.requireID().apiID, name: $0.name, distanceMeters: $0.distanceMeters) },
            startsAt: challenge.startsAt, endsAt: challenge.endsAt, status: status(of: challenge, at: now), createdBy: creator?.summary,
            total: challenge.together ? ranked.reduce(0) { $0 + $1.entry.value } : nil, participants: ranked.count, finishers: finishers,
            you: mine.map(standing), standings: limit.map { _ in shown.map(standing) })
    }

    /// Where `challenge` stands at `now`.
    static func status(of challenge: ClubChallenge, at now: Date) -> Components.Schemas.ClubChallengeStatus {
        now < challenge.startsAt ? .upcoming : now < challenge.endsAt ? .active : .ended
    }

    /// `entries` (best first) with their ranks: equal values share one (`SharedRanks`).
    static func ranks(of entries: [ChallengeEntry]) -> [(entry: ChallengeEntry, rank: Int)] {
        zip(entries, SharedRanks.of(entries.map(\.value))).map { ($0, $1) }
    }

    /// The display names of `users`.
    private static func displayNames(of users: [UUID], on database: any Database) async throws -> [UUID: String] {
        let rows = try await User.query(on: database).filter(\.$id ~~ Set(users)).field(\.$id).field(\.$displayName).all()
        return Dictionary(rows.compactMap { user in user.id.map { ($0, user.displayName) } }, uniquingKeysWith: { first, _ in first })
    }
}
