import Foundation
import SQLKit

/// Counts attempts at what an attacker would guess (`Attempt`) in the database, so every
/// instance on one PostgreSQL shares each count, and refuses them past their limit.
///
/// An attempt is taken *before* what it tries is checked, in one statement that both
/// checks and counts (an upsert whose update only happens under the limit), so any
/// number of parallel requests get at most the limit through: there is no read that a
/// racing request could slip past. One that turns out good (the right password, the
/// right code) is given back, so only wrong ones use the allowance up. A count's window
/// starts at its first attempt; once it has ended the next attempt starts a new one.
///
/// ```swift
/// let taken = try await limiter.take(.passwordFrom(address: address), .password(account: email))
/// // … check the password; if it is right:
/// try await limiter.giveBack(taken)
/// ```
struct AttemptLimiter: Sendable {
    let database: any SQLDatabase
    let limits: AttemptLimits

    /// Attempts taken together, with the window each was counted in.
    struct Taken: Sendable {
        fileprivate var counts: [(attempt: Attempt, windowEnds: Double)] = []
    }

    /// Takes one of each of `attempts`, in order. The first that is over its limit gives
    /// the ones before it back and is thrown (`Attempt.refusal`: 429 with the seconds to
    /// wait). Callers name the address first, then the account: an attempt refused for its
    /// account gives the address's back, so one account's guessing never uses up its
    /// address's allowance, and one refused for its address makes no count for an account
    /// (made-up emails sprayed from one address add no rows past the address's limit).
    func take(_ attempts: Attempt..., now: Date = Date()) async throws -> Taken {
        var taken = Taken()
        for attempt in attempts {
            guard let windowEnds = try await take(attempt, now: now.timeIntervalSince1970) else {
                try await giveBack(taken)
                throw attempt.refusal(wait: try await secondsLeft(attempt, now: now.timeIntervalSince1970))
            }
            taken.counts.append((attempt, windowEnds))
        }
        return taken
    }

    /// Gives `taken` back: the attempts turned out good. A count whose window has ended
    /// since is left as it is.
    /// Counts `attempt` (429 when its limit is reached), then does `body`; what `body`
    /// refuses is given back, so only what was done counts (a live link made, a comment
    /// written).
    func counting<T: Sendable>(_ attempt: Attempt, _ body: () async throws -> T) async throws -> T {
        let taken = try await take(attempt)
        do {
            return try await body()
        } catch {
            try? await giveBack(taken)
            throw error
        }
    }

    func giveBack(_ taken: Taken) async throws {
        for (attempt, windowEnds) in taken.counts {
            try await database.raw("""
                UPDATE attempt_counts SET attempts = attempts - 1
                WHERE kind = \(bind: attempt.kind) AND subject = \(bind: attempt.subject)
                  AND window_ends = \(bind: windowEnds) AND attempts > 0
                """).run()
        }
    }

    /// Deletes the counts whose window has ended, which count as nothing anyway.
    func forgetEnded(now: Date = Date()) async throws {
        try await database.raw("DELETE FROM attempt_counts WHERE window_ends <= \(bind: now.timeIntervalSince1970)").run()
    }

    /// Counts `attempt` if under its limit, answering the end of the window it counted in;
    /// nil when over the limit. One statement: PostgreSQL and SQLite (3.35 and later) run
    /// an upsert atomically, its `WHERE` seeing the row as the last writer left it.
    private func take(_ attempt: Attempt, now: Double) async throws -> Double? {
        let limit = attempt.limit(in: limits)
        let fresh = now + limit.window
        let row = try await database.raw("""
            INSERT INTO attempt_counts (kind, subject, attempts, window_ends)
            VALUES (\(bind: attempt.kind), \(bind: attempt.subject), 1, \(bind: fresh))
            ON CONFLICT (kind, subject) DO UPDATE SET
                attempts = CASE WHEN attempt_counts.window_ends <= \(bind: now) THEN 1 ELSE attempt_counts.attempts + 1 END,
                window_ends = CASE WHEN attempt_counts.window_ends <= \(bind: now) THEN \(bind: fresh) ELSE attempt_counts.window_ends END
            WHERE attempt_counts.window_ends <= \(bind: now) OR attempt_counts.attempts < \(bind: limit.attempts)
            RETURNING window_ends
            """).first()
        return try row?.decode(column: "window_ends", as: Double.self)
    }

    /// Whole seconds until `attempt`'s window ends, at least 1: how long a refused client
    /// waits (`Retry-After`).
    private func secondsLeft(_ attempt: Attempt, now: Double) async throws -> Int {
        let row = try await database.raw("""
            SELECT window_ends FROM attempt_counts WHERE kind = \(bind: attempt.kind) AND subject = \(bind: attempt.subject)
            """).first()
        let windowEnds = try row?.decode(column: "window_ends", as: Double.self) ?? now
        return max(1, Int((windowEnds - now).rounded(.up)))
    }
}
