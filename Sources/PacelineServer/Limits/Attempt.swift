import Foundation

/// One try at something an attacker would guess, and whose count it goes to: a password
/// per account and per client address, a registration per address, a join code per
/// account and per address, a live safety link made per account and opened per address, a comment per account, a leg planned per account. The cases are the rows' `kind`s in `attempt_counts`.
enum Attempt: Sendable {
    /// A password tried for the account with this (normalised) email: logging in or
    /// changing it.
    case password(account: String)
    /// A password tried from this client address (`ClientAddress`), whatever the account.
    case passwordFrom(address: String)
    /// An account made from this client address.
    case registrationFrom(address: String)
    /// A join code tried by this user.
    case joinCode(user: UUID)
    /// A join code tried from this client address, whatever the account.
    case joinCodeFrom(address: String)
    /// A live safety link made by this user.
    case beacon(user: UUID)
    /// An address that is no live safety link, opened from this client address (a right one is never counted).
    case beaconViewFrom(address: String)
    /// A comment written by this user.
    case comment(user: UUID)
    /// A leg, loop or planned route planned by this user (each a search of the map).
    case planning(user: UUID)

    /// The kind of count, as stored.
    var kind: String {
        switch self {
        case .password: "password"
        case .passwordFrom: "password_address"
        case .registrationFrom: "registration_address"
        case .joinCode: "join_code"
        case .joinCodeFrom: "join_code_address"
        case .beacon: "beacon"
        case .beaconViewFrom: "beacon_view_address"
        case .comment: "comment"
        case .planning: "planning"
        }
    }

    /// Whose count: an email, an address or a user id.
    var subject: String {
        switch self {
        case .password(let email): email
        case .passwordFrom(let address), .registrationFrom(let address), .joinCodeFrom(let address), .beaconViewFrom(let address): address
        case .joinCode(let user), .beacon(let user), .comment(let user), .planning(let user): user.uuidString.lowercased()
        }
    }

    /// How many in what window (`AttemptLimits`).
    func limit(in limits: AttemptLimits) -> AttemptLimits.Limit {
        switch self {
        case .password: limits.passwordsPerAccount
        case .passwordFrom: limits.passwordsPerAddress
        case .registrationFrom: limits.registrationsPerAddress
        case .joinCode: limits.joinCodesPerAccount
        case .joinCodeFrom: limits.joinCodesPerAddress
        case .beacon: limits.beaconsPerAccount
        case .beaconViewFrom: limits.beaconViewsPerAddress
        case .comment: limits.commentsPerAccount
        case .planning: limits.planningPerAccount
        }
    }

    /// The 429 that refuses the attempt, `wait` seconds before the window ends: for the
    /// API `too_many_requests` with `Retry-After`, for the live protocol `too_many_attempts`.
    func refusal(wait: Int) -> Refusal {
        let minutes = "\(max(1, (wait + 59) / 60)) min"
        let (code, message) = switch self {
        case .password: ("too_many_requests", "too many wrong passwords for this account; try again in \(minutes)")
        case .passwordFrom: ("too_many_requests", "too many wrong passwords from your address; try again in \(minutes)")
        case .registrationFrom: ("too_many_requests", "too many accounts made from your address; try again in \(minutes)")
        case .joinCode: ("too_many_attempts", "too many wrong codes; try again in \(minutes) or ask for an invitation")
        case .joinCodeFrom: ("too_many_attempts", "too many wrong codes from your address; try again in \(minutes) or ask for an invitation")
        case .beacon: ("too_many_requests", "too many live links made; try again in \(minutes)")
        case .beaconViewFrom: ("too_many_requests", "too many live link views from your address; try again in \(minutes)")
        case .comment: ("too_many_requests", "too many comments in a short time; try again in \(minutes)")
        case .planning: ("too_many_requests", "too many legs planned in a short time; try again in \(minutes)")
        }
        return Refusal(.tooMany, code: code, message: message, retryAfter: wait)
    }
}
