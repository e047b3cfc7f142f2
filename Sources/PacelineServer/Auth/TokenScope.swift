import HTTPTypes

/// What a bearer token may do. A sign-in (the app, the CLI's `paceline login`) is `full`; a
/// personal access token made for another app (Profile › Connected apps) may be narrower:
/// an upload-only one suits a watch's or a phone app's automatic export, whose token sits in
/// that app's settings.
enum TokenScope: String, Codable, CaseIterable, Sendable {
    /// Everything the account may do.
    case full
    /// Reading only: every GET; nothing that changes anything.
    case read
    /// Uploading activities (`uploadRun`, `logFix`), and nothing else.
    case upload

    /// Whether a request of `method` to `operationID` is within the scope.
    func allows(_ operationID: String, method: HTTPRequest.Method) -> Bool {
        switch self {
        case .full: true
        case .read: [.get, .head].contains(method) && !Self.fullOnly.contains(operationID)
        case .upload: Self.uploads.contains(operationID)
        }
    }

    /// The operations that upload activities: all an upload-only token may do, and the only
    /// ones that take a token in the address (`AppTokenParameter`).
    static let uploads: Set<String> = ["uploadRun", "logFix"]

    /// What a narrower token is told when it asks for more.
    var refusal: Refusal {
        let message = switch self {
        case .full: "this token may do anything"
        case .read: "this token may only read: make one with full access in Profile › Connected apps"
        case .upload: "this token may only upload activities"
        }
        return Refusal(.forbidden, code: "token_scope", message: message)
    }

    /// Reads a read token may not make: the tokens themselves (a narrower one can't list
    /// others or make a wider one), and the calendar feed's address, which `getCalendarFeed`
    /// makes when there is none and which would outlive the token.
    private static let fullOnly: Set<String> = ["listPersonalTokens", "createPersonalToken", "revokePersonalToken", "getCalendarFeed"]
}
