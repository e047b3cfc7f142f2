import Fluent
import Foundation

/// Refuses logins for an email after too many failures in a window, so a password can't
/// be guessed online. Counted in the database, so every instance sees the same count.
struct LoginThrottle {
    /// Failures allowed per window.
    static let maximumFailures = 5
    /// The window, and how long an email stays refused after the last allowed failure.
    static let window: TimeInterval = 15 * 60

    let database: any Database

    /// Throws 429 while `email` is refused.
    func check(_ email: String, now: Date = Date()) async throws {
        guard let record = try await LoginFailure.find(email, on: database),
              now.timeIntervalSince(record.windowStart) < Self.window,
              record.failures >= Self.maximumFailures else { return }
        let wait = Int((Self.window - now.timeIntervalSince(record.windowStart)).rounded(.up))
        throw APIError(status: .tooManyRequests, code: "too_many_requests",
                       message: "too many failed logins for this email; try again in \(max(1, wait / 60)) min")
    }

    /// Counts a failure for `email`.
    func recordFailure(_ email: String, now: Date = Date()) async throws {
        let record = try await LoginFailure.find(email, on: database) ?? LoginFailure(email: email, windowStart: now)
        if now.timeIntervalSince(record.windowStart) >= Self.window {
            record.windowStart = now
            record.failures = 0
        }
        record.failures += 1
        try await record.save(on: database)
    }

    /// Forgets failures after a successful login.
    func reset(_ email: String) async throws {
        try await LoginFailure.query(on: database).filter(\.$id == email).delete()
    }
}
