import Fluent
import Foundation
import PacelineCore
import SQLKit

/// A challenge's end, told: each ended challenge not yet closed is claimed by one statement
/// that only one instance wins, settled a last time (`ChallengeFinishers`) and its results
/// told to each member who took part (`challengeResult`: their place among those they may
/// see, of how many, and whether they finished), all in one transaction, so a failure leaves
/// it to close again. A challenge of a club the instance's admins hid closes untold. Looked
/// for with the reminders (`Reminders`).
enum ChallengeResults {
    /// Closes and tells every challenge that ended by `now`.
    /// - Complexity: one query on the open challenges' index by end; per challenge one
    ///   update, its standings, one query of the blocks of its participants, one
    ///   notification per participant.
    static func close(endedBy now: Date = Date(), on database: any Database) async throws {
        let ended = try await ClubChallenge.query(on: database).filter(\.$closedAt == nil).filter(\.$endsAt <= now)
            .with(\.$club).limit(100).all()
        for challenge in ended {
            try await database.retryingTransaction { transaction in
                let claimed = try await transaction.sql.update(ClubChallenge.schema).set("closed_at", to: now)
                    .where("id", .equal, try challenge.requireID()).where("closed_at", .is, SQLLiteral.null)
                    .returning("id").all()
                guard !claimed.isEmpty, challenge.club.hiddenAt == nil else { return }
                try await ChallengeFinishers.settle(challenge, now: challenge.endsAt, on: transaction)
                try await tell(challenge, on: transaction)
            }
        }
    }

    /// Tells each participant of `challenge` their result, among the standings they may see:
    /// those of everyone but a segment time through its runner's privacy zone, unless they
    /// are that runner or someone blocked them (their own standings, then).
    /// - Complexity: O(n) for the participants whose standings are everyone's, O(n) more
    ///   for each of the others.
    private static func tell(_ challenge: ClubChallenge, on database: any Database) async throws {
        let entries = try await ChallengeStandings.entries(of: challenge, on: database)
        let total = ChallengeStandings.total(entries)
        let users = entries.map(\.user)
        let blocks = users.isEmpty ? [] : try await Block.query(on: database).filter(\.$blocked.$id ~~ users).all()
        let blockers = Dictionary(grouping: blocks, by: \.$blocked.id).mapValues { Set($0.map(\.$blocker.id)) }
        let common = ChallengeView.ranks(of: entries.filter { !$0.onlyToThemselves })
        let commonRanks = Dictionary(common.map { ($0.entry.user, $0.rank) }, uniquingKeysWith: { first, _ in first })
        for entry in entries {
            let place: (rank: Int, of: Int)
            if let rank = commonRanks[entry.user], blockers[entry.user] == nil {
                place = (rank, common.count)
            } else {
                let seen = ChallengeView.ranks(of: entries.filter { other in
                    other.user == entry.user || (!(blockers[entry.user]?.contains(other.user) ?? false) && !other.onlyToThemselves)
                })
                guard let rank = seen.first(where: { $0.entry.user == entry.user })?.rank else { continue }
                place = (rank, seen.count)
            }
            let finished = ChallengeStandings.finished(entry, of: challenge, total: total)
            try await Notifications.tell(entry.user, .challengeResult, by: entry.user,
                                         about: .init(club: challenge.$club.id, challenge: try challenge.requireID(),
                                                      excerpt: result(challenge.title, rank: place.rank, of: place.of, finished: finished)),
                                         on: database)
        }
    }

    /// "November 100 km: 3rd of 12, finished", the title shortened so that the result fits the excerpt.
    static func result(_ title: String, rank: Int, of count: Int, finished: Bool) -> String {
        let place = ": \(ordinal(rank)) of \(count)\(finished ? ", finished" : "")"
        let room = Notifications.excerptCharacters - place.count
        return (title.count <= room ? title : title.prefix(max(0, room - 1)) + "…") + place
    }

    /// 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st.
    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }
}
