import Foundation

/// Why the server says no to what someone asked, in the domain's words: a reason from a
/// closed set, a stable code a client can act on (`not_a_friend`, `already_started`) and a
/// message for a person. Domain code throws these, whoever asked (a REST request, a live
/// message, a command); `APIError(_:)` is the one place a reason becomes an HTTP status,
/// and the live protocol sends the code and the message as they are.
///
/// ```swift
/// throw Refusal(.conflict, code: "already_started", message: "the race has started")
/// throw Refusal.notFound("run")   // 404 not_found "no such run"
/// ```
package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of no it is.
    package enum Reason: Sendable, Hashable {
        /// The request is malformed or a value is out of range.
        case invalid
        /// Nobody is logged in, or the credentials are wrong.
        case unauthenticated
        /// Logged in, but not allowed to.
        case forbidden
        /// No such thing, or not one the asker may see.
        case notFound
        /// It clashes with the state things are in (already started, already exists).
        case conflict
        /// It existed and has ended for good.
        case gone
        /// Well formed, but the domain can't make anything of it (a track with no GPS).
        case unprocessable
        /// A kind of file or body that is not read here.
        case unsupportedFormat
        /// Too many attempts: try again after `retryAfter` seconds.
        case tooMany
        /// The server can't do it just now: try again after `retryAfter` seconds.
        case unavailable
    }

    package var reason: Reason
    package var code: String
    package var message: String
    /// Seconds to wait before trying again (`tooMany`, `unavailable`).
    package var retryAfter: Int?

    package init(_ reason: Reason, code: String, message: String, retryAfter: Int? = nil) {
        self.reason = reason
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    package var description: String { "\(code): \(message)" }

    static func invalid(_ message: String) -> Refusal { Refusal(.invalid, code: "bad_request", message: message) }
    static func unauthenticated(_ message: String = "log in first: send `Authorization: Bearer <token>`") -> Refusal {
        Refusal(.unauthenticated, code: "unauthorized", message: message)
    }
    static func forbidden(_ message: String) -> Refusal { Refusal(.forbidden, code: "forbidden", message: message) }
    /// "no such `what`": also for what exists but the asker may not see, so nobody learns it exists.
    static func notFound(_ what: String) -> Refusal { Refusal(.notFound, code: "not_found", message: "no such \(what)") }
    static func conflict(_ message: String) -> Refusal { Refusal(.conflict, code: "conflict", message: message) }
    static func unprocessable(_ message: String) -> Refusal { Refusal(.unprocessable, code: "unprocessable", message: message) }
}
