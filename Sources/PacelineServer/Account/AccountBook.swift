import Fluent
import Foundation
import PacelineCore

/// Accounts, with one owner for each thing done to them: registering, logging in and out,
/// reading and changing the profile (`AccountBook+Credentials.swift`: the password, the
/// email and deleting the account, each once the password is confirmed;
/// `AccountBook+PrivacyZones.swift`: the zones hidden from others). Handlers decode, call
/// one of these, and encode; what only the HTTP edge knows (a cookie, a CSRF check, the
/// live sockets to close) stays theirs. Refusals are `Refusal`s.
enum AccountBook {
    /// What checks passwords and counts attempts at them for a request: `Passwords`, the
    /// `AttemptLimiter`, and the client address the per-address limits count.
    struct Checks: Sendable {
        let passwords: Passwords
        let limiter: AttemptLimiter
        let address: String
    }

    /// A new session: the user, and the bearer token issued for them with its expiry.
    struct Session {
        let user: User
        let token: String
        let expiresAt: Date
    }

    /// The account `id`, or 401 when it is gone (a token that outlived it).
    static func user(_ id: UUID, on database: any Database) async throws -> User {
        guard let user = try await User.find(id, on: database) else { throw Refusal.unauthenticated() }
        return user
    }

    /// Makes an account and a session for it (a token lasting `tokenLifetime`), of
    /// `email`, `password` and `displayName` as the handler checked them (`normalized(email:)`,
    /// `Passwords.checked`, `displayName(_:)`). The attempt is counted for the address first
    /// (429 past the limit: a taken email counts too, so registering can't be used to test
    /// which emails have accounts at speed); 409 when the email has an account.
    static func register(email: String, password: String, displayName: String, tokenLifetime: TimeInterval,
                         checks: Checks, on database: any Database) async throws -> Session {
        _ = try await checks.limiter.take(.registrationFrom(address: checks.address))
        let user = User(email: email, passwordHash: try await checks.passwords.hash(password), displayName: displayName)
        do {
            try await user.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Refusal.conflict("an account with this email exists; log in instead")
        }
        return try await session(for: user, lifetime: tokenLifetime, on: database)
    }

    /// Logs in with `email` (trimmed and lowercased) and `password`, both within their text
    /// limits. The attempt is counted for the address and the email before the password is
    /// checked (`AttemptLimiter`, 429 past the limit), and given back when it is right; an
    /// unknown email costs the same bcrypt as a wrong password (`Passwords.verify`), and both
    /// are 401. A hash in an old form is replaced by the current one.
    static func logIn(email: String, password: String, tokenLifetime: TimeInterval,
                      checks: Checks, on database: any Database) async throws -> Session {
        let taken = try await checks.limiter.take(.passwordFrom(address: checks.address), .password(account: email))
        let user = try await User.query(on: database).filter(\.$email == email).first()
        let verdict = try await checks.passwords.verify(password, against: user?.passwordHash)
        guard let user, verdict != .wrong else { throw Refusal.unauthenticated("wrong email or password") }
        try await checks.limiter.giveBack(taken)
        guard user.suspendedAt == nil else {
            throw Refusal(.forbidden, code: "suspended", message: "this account was suspended by the instance's admins")
        }
        if verdict == .rightInOldForm {
            user.passwordHash = try await checks.passwords.hash(password)
            try await user.save(on: database)
        }
        return try await session(for: user, lifetime: tokenLifetime, on: database)
    }

    /// Revokes the token with hash `tokenHash`.
    static func logOut(tokenHash: String, on database: any Database) async throws {
        try await Token.query(on: database).filter(\.$tokenHash == tokenHash).delete()
    }

    /// What a user changes of their profile; nil leaves it as it is. Checked when applied.
    struct ProfileChange {
        var displayName: String?
        var units: UnitSystem?
        var weightKilograms: Double?
        var defaultPrivacy: Privacy?
        /// Turned off, what friends saw goes at once.
        var sharesPresence: Bool?
        var stepLengthMeters: Double?
    }

    /// Changes the profile of account `id`: 401 when it is gone, then 400 for a display name
    /// of nothing or too long, a weight outside 20 to 400 kg or a step outside 0.3 to 1.5 m.
    static func changeProfile(of id: UUID, _ change: ProfileChange, on database: any Database) async throws -> User {
        let user = try await user(id, on: database)
        if let name = change.displayName { user.displayName = try displayName(name) }
        if let units = change.units { user.units = units }
        if let weight = change.weightKilograms {
            guard (20...400).contains(weight) else { throw Refusal.invalid("weight must be 20 to 400 kg") }
            user.weightKilograms = weight
        }
        if let privacy = change.defaultPrivacy { user.defaultPrivacy = privacy }
        if let shares = change.sharesPresence { user.sharesPresence = shares }
        if let length = change.stepLengthMeters {
            guard (0.3...1.5).contains(length) else { throw Refusal.invalid("step length must be 0.3 to 1.5 m") }
            user.stepLengthMeters = length
        }
        try await user.save(on: database)
        if change.sharesPresence == false { try await Presence.end(by: id, on: database) }
        return user
    }

    /// A new token for `user`, lasting `lifetime`.
    private static func session(for user: User, lifetime: TimeInterval, on database: any Database) async throws -> Session {
        let (token, expiresAt) = try await TokenIssuer.issue(for: try user.requireID(), lifetime: lifetime, on: database)
        return Session(user: user, token: token, expiresAt: expiresAt)
    }

    /// An email as stored, from text within its limit: trimmed and lowercased, one `@` with
    /// something before it and a dotted domain after it, no whitespace; else 400.
    static func normalized(email: String) throws -> String {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.unicodeScalars.count <= TextInput.Limit.email.characters, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace) else {
            throw Refusal.invalid("`\(email)` is not an email address")
        }
        return email
    }

    /// A display name as stored: trimmed, 1 to 100 characters (`TextInput.Limit.displayName`),
    /// no NUL; else 400.
    static func displayName(_ text: String) throws -> String {
        let name = try TextInput.checked(text, "displayName", .displayName).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw Refusal.invalid("the display name needs 1 to 100 characters") }
        return name
    }
}
