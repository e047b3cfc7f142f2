import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// Club challenges as the API shows them to a reader: the standings ranked without the
/// members the reader may not see (one who blocked them; a segment time through its
/// runner's privacy zone, to anyone but the runner), equal values sharing a rank; the
/// reader's own standing; the club's total; how many took part and finished.
enum ChallengeView {
    /// `challenge` for `viewer` (whose blockers are `blockers`) at `now`, with its first
    /// `standings` places (none when nil).
    /// - Complexity: the standings' query, and one count of the finishers once it is closed.
    static func schema(of challenge: ClubChallenge, seenBy viewer: UUID, blockers: Set<UUID>, standings limit: Int?,
                       now: Date = Date(), on database: any Database) async throws -> Components.Schemas.ClubChallenge {
        let entries = try await ChallengeStandings.entries(of: challenge, on: database)
        let total = ChallengeStandings.total(entries)
        let ranked = rank(entries.filter { !blockers.contains($0.user) && (!$0.onlyToThemselves || $0.user == viewer) },
                          of: challenge, total: total)
        let finishers = challenge.closedAt == nil
            ? entries.filter { ChallengeStandings.finished($0, of: challenge, total: total) }.count
            : try await ClubChallengeFinisher.query(on: database).filter(\.$challenge.$id == challenge.requireID()).count()
        let segment = if let id = challenge.segmentID { try await Segment.find(id, on: database) } else { Segment?.none }
        let creator = if let id = challenge.createdBy { try await User.find(id, on: database) } else { User?.none }
        return .init(
            id: try challenge.requireID().apiID, clubId: challenge.$club.id.apiID, title: challenge.title, description: challenge.description,
            sport: challenge.sport, kind: challenge.kind.schema, goal: challenge.goal, together: challenge.together,
            effortMeters: challenge.effortMeters,
            segment: try segment.map { .init(id: try $0.requireID().apiID, name: $0.name, distanceMeters: $0.distanceMeters) },
            startsAt: challenge.startsAt, endsAt: challenge.endsAt, status: status(of: challenge, at: now), createdBy: creator?.summary,
            total: challenge.kind.fewestFirst ? nil : total, participants: ranked.count, finishers: finishers,
            you: ranked.first { $0.user.id == viewer.apiID },
            standings: limit.map { Array(ranked.prefix($0)) })
    }

    /// Where `challenge` stands at `now`.
    static func status(of challenge: ClubChallenge, at now: Date) -> Components.Schemas.ClubChallengeStatus {
        now < challenge.startsAt ? .upcoming : now < challenge.endsAt ? .active : .ended
    }

    /// `entries` (best first) ranked: equal values share a rank.
    private static func rank(_ entries: [ChallengeEntry], of challenge: ClubChallenge,
                             total: Double) -> [Components.Schemas.ClubChallengeStanding] {
        var standings: [Components.Schemas.ClubChallengeStanding] = []
        for entry in entries {
            let rank = standings.last.map { $0.value == entry.value ? $0.rank : standings.count + 1 } ?? 1
            standings.append(.init(rank: rank, user: .init(id: entry.user.apiID, displayName: entry.name), value: entry.value,
                                   activities: entry.activities, runId: entry.runID?.apiID,
                                   finished: ChallengeStandings.finished(entry, of: challenge, total: total)))
        }
        return standings
    }
}
