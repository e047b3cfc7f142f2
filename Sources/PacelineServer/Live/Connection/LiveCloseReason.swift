import Foundation
import PacelineAPI
import Vapor

/// Why the server closes a live connection: an `error` message with the reason's code
/// goes first, then the close (1008, policy violation). A client that is not, or no
/// longer, allowed a connection can't use one, so these close it; every other error
/// leaves the connection open.
enum LiveCloseReason: Error, Sendable, Equatable {
    /// No authentication (a `hello` with a valid token) within the deadline.
    case authenticationTimeout(seconds: TimeInterval)
    /// A third message unanswered before authentication (`LiveConnection.unansweredBeforeWelcome`).
    case unansweredMessages
    /// The token the connection authenticated with was deleted (log out, a password
    /// change, an administrator) or expired since.
    case tokenRevoked
    /// The client's address holds `LiveSettings.socketsPerAddress` connections here.
    case tooManyFromAddress(limit: Int)
    /// The account holds `LiveSettings.socketsPerAccount` connections, on all instances.
    case tooManyForAccount(limit: Int)

    var code: String {
        switch self {
        case .authenticationTimeout: "authentication_timeout"
        case .unansweredMessages: "bad_message"
        case .tokenRevoked: "unauthorized"
        case .tooManyFromAddress, .tooManyForAccount: "too_many_connections"
        }
    }

    var message: String {
        switch self {
        case .authenticationTimeout(let seconds):
            "no hello with a valid token within \(String(format: "%g", seconds)) s; connection closed"
        case .unansweredMessages: "until welcome, wait for each answer before sending more; connection closed"
        case .tokenRevoked: "the token was revoked (logged out) or expired; log in again"
        case .tooManyFromAddress(let limit):
            "your address has \(limit) live connections open here, the most allowed; close one first"
        case .tooManyForAccount(let limit):
            "your account has \(limit) live connections open, the most allowed; close one first"
        }
    }

    /// Sends the reason as an `error` message, then closes `socket`.
    func close(_ socket: WebSocket) {
        socket.send(LiveConnection.text(.error(.init(code: code, message: message))))
        socket.close(code: .policyViolation, promise: nil)
    }
}
