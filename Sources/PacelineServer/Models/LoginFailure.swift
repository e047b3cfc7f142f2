import Fluent
import Foundation

/// Failed logins for one email within the current window, shared by every server
/// instance on the database (see `LoginThrottle`).
final class LoginFailure: Model, @unchecked Sendable {
    static let schema = "login_failures"

    /// The normalised email the failures were for.
    @ID(custom: "email", generatedBy: .user) var id: String?
    @Field(key: "failures") var failures: Int
    @Field(key: "window_start") var windowStart: Date

    init() {}

    init(email: String, windowStart: Date) {
        self.id = email
        self.failures = 0
        self.windowStart = windowStart
    }
}
