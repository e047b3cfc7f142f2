/// Why a sign-in with the OpenID provider ended without a session: a closed set, so the
/// page it ends on says one of the app's own sentences (the reason's code is all the
/// address carries: no one can make the login screen say words of their choosing), and a
/// detail for the log (never a token or a code).
struct SignInFailure: Error, CustomStringConvertible {
    enum Reason: String, Sendable, CaseIterable {
        /// The provider could not be reached, or answered what is not OpenID Connect.
        case providerUnreachable = "provider_unreachable"
        /// The provider said no (the person cancelled, the client is not allowed).
        case providerRefused = "provider_refused"
        /// The sign-in was not started in this browser, was finished already, or is over 10 minutes old.
        case expired = "sign_in_expired"
        /// The ID token failed a check (signature, key, algorithm, issuer, audience, nonce, times).
        case invalidToken = "invalid_token"
        /// The provider gave no email, which an account here needs.
        case noEmail = "no_email"
        /// The provider does not vouch for the email.
        case unverifiedEmail = "email_unverified"
        /// Accounts are made only for invited emails, and this one is not.
        case notInvited = "not_invited"
        /// The account was suspended by the instance's admins.
        case suspended
        /// Too many accounts made from this address within the hour.
        case tooMany = "too_many"
    }

    let reason: Reason
    /// What the log says (no token, no code, no secret).
    let detail: String

    init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    var description: String { "\(reason.rawValue): \(detail)" }
}
