import Fluent
import Foundation
import PacelineCore
import SQLKit

/// A challenge's end, told: each ended challenge not yet closed is settled a last time
/// (`ChallengeFinishers`), closed by one statement that only one instance wins, and its
/// results told to each member who took part (`challengeResult`: their place of how
/// many, and whether they finished). Looked for with the reminders (`Reminders`).
enum ChallengeResults {
    /// Closes and tells every challenge that ended by `now`.
    /// - Complexity: one query on the open challenges' index by end; per challenge its
    ///   standings, one update, one notification per participant.
    static func close(endedBy now: Date = Date(), on database: any Database) async throws {
        let ended = try await ClubChallenge.query(on: database).filter(\.$closedAt == nil).filter(\.$endsAt <= now).limit(100).all()
        for challenge in ended {
            try await ChallengeFinishers.settle(challenge, now: challenge.endsAt, on: database)
            let claimed = try await database.sql.update(ClubChallenge.schema).set("closed_at", to: now)
                .where("id", .equal, try challenge.requireID()).where("closed_at", .is, SQLLiteral.null)
                .returning("id").all()
            guard !claimed.isEmpty else { continue }
            try await tell(challenge, on: database)
        }
    }

    /// Tells each participant of `challenge` their result.
    private static func tell(_ challenge: ClubChallenge, on database: any Database) async throws {
        let entries = try await ChallengeStandings.entries(of: challenge, on: database)
        let total = ChallengeStandings.total(entries)
        var rank = 0
        for (index, entry) in entries.enumerated() {
            if index == 0 || entries[index - 1].value != entry.value { rank = index + 1 }
            let finished = ChallengeStandings.finished(entry, of: challenge, total: total)
            let result = "\(challenge.title): \(ordinal(rank)) of \(entries.count)\(finished ? ", finished" : "")"
            try await Notifications.tell(entry.user, .challengeResult, by: entry.user,
                                         about: .init(club: challenge.$club.id, challenge: try challenge.requireID(), excerpt: result),
                                         on: database)
        }
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
