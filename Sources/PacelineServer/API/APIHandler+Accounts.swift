import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import Vapor

extension APIHandler {
    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        guard case .json(let registration) = input.body else { throw Refusal.invalid("send JSON") }
        try verifySessionAsker(registration.session)
        let email = try Self.normalized(email: TextInput.checked(registration.email, "email", .email))
        let password = try Passwords.checked(registration.password, field: "password")
        let displayName = try Self.displayName(registration.displayName)
        // Counted once the request is well formed: a taken email (409) counts too, so
        // registering can't be used to test which emails have accounts at speed.
        _ = try await limiter.take(.registrationFrom(address: Self.clientAddress))
        let user = User(email: email, passwordHash: try await passwords.hash(password), displayName: displayName)
        do {
            try await user.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Refusal.conflict("an account with this email exists; log in instead")
        }
        return .created(.init(body: .json(try await session(for: user, held: registration.session))))
    }

    /// Logs in. The attempt is counted for the address and the email before the password
    /// is checked (`AttemptLimiter`), and given back when it is right; an unknown email
    /// costs the same bcrypt as a wrong password (`Passwords.verify`).
    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        guard case .json(let credentials) = input.body else { throw Refusal.invalid("send JSON") }
        try verifySessionAsker(credentials.session)
        let email = try TextInput.checked(credentials.email, "email", .email).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        _ = try TextInput.checked(credentials.password, "password", .password)
        let taken = try await limiter.take(.passwordFrom(address: Self.clientAddress), .password(account: email))
        let user = try await User.query(on: database).filter(\.$email == email).first()
        let verdict = try await passwords.verify(credentials.password, against: user?.passwordHash)
        guard let user, verdict != .wrong else { throw Refusal.unauthenticated("wrong email or password") }
        try await limiter.giveBack(taken)
        if verdict == .rightInOldForm {
            user.passwordHash = try await passwords.hash(credentials.password)
            try await user.save(on: database)
        }
        return .ok(.init(body: .json(try await session(for: user, held: credentials.session))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        let user = try AuthenticatedUser.required()
        try await Token.query(on: database).filter(\.$tokenHash == user.tokenHash).delete()
        // Its live connections here close now; other instances' at their next token check.
        app.liveHub?.closeSockets(ofToken: user.tokenHash)
        if user.credential == .sessionCookie {
            WebSessionCookie.send(WebSessionCookie.clearing(secure: settings.site.isCurrentRequestSecure))
        }
        return .noContent(.init())
    }

    func getProfile(_ input: Operations.GetProfile.Input) async throws -> Operations.GetProfile.Output {
        .ok(.init(body: .json(try await currentUser().profile)))
    }

    func updateProfile(_ input: Operations.UpdateProfile.Input) async throws -> Operations.UpdateProfile.Output {
        guard case .json(let update) = input.body else { throw Refusal.invalid("send JSON") }
        let user = try await currentUser()
        if let name = update.displayName { user.displayName = try Self.displayName(name) }
        if let units = update.units { user.units = units }
        if let weight = update.weightKilograms {
            guard (20...400).contains(weight) else { throw Refusal.invalid("weight must be 20 to 400 kg") }
            user.weightKilograms = weight
        }
        if let privacy = update.defaultPrivacy { user.defaultPrivacy = privacy }
        if let length = update.stepLengthMeters {
            guard (0.3...1.5).contains(length) else { throw Refusal.invalid("step length must be 0.3 to 1.5 m") }
            user.stepLengthMeters = length
        }
        try await user.save(on: database)
        return .ok(.init(body: .json(user.profile)))
    }

    /// Changes the user's password: the current one is checked as a login's is (counted
    /// for the account and the address first), and every other token of the user is
    /// revoked, so whoever else held one is logged out; the request's own token stays.
    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        let authenticated = try AuthenticatedUser.required()
        guard case .json(let change) = input.body else { throw Refusal.invalid("send JSON") }
        let newPassword = try Passwords.checked(change.newPassword, field: "newPassword")
        let user = try await currentUser()
        try await confirm(change.currentPassword, field: "currentPassword", of: user)
        user.passwordHash = try await passwords.hash(newPassword)
        try await database.retryingTransaction { transaction in
            try await user.save(on: transaction)
            try await Token.query(on: transaction).filter(\.$user.$id == authenticated.id)
                .filter(\.$tokenHash != authenticated.tokenHash).delete()
        }
        // The other tokens' live connections here close now; other instances' at their next token check.
        app.liveHub?.closeSockets(of: authenticated.id, exceptToken: authenticated.tokenHash)
        return .noContent(.init())
    }

    /// Changes the email the user logs in with, once their password is confirmed.
    func changeEmail(_ input: Operations.ChangeEmail.Input) async throws -> Operations.ChangeEmail.Output {
        guard case .json(let change) = input.body else { throw Refusal.invalid("send JSON") }
        let email = try Self.normalized(email: TextInput.checked(change.email, "email", .email))
        let user = try await currentUser()
        try await confirm(change.password, field: "password", of: user)
        // Counted as a registration is, whatever the answer: a taken email (409) must not be
        // a fast way to learn which emails have accounts.
        _ = try await limiter.take(.registrationFrom(address: Self.clientAddress))
        user.email = email
        do {
            try await user.save(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Refusal.conflict("another account has this email")
        }
        return .ok(.init(body: .json(user.profile)))
    }

    /// Checks `password` is `user`'s, counted as a login's attempt is (for the account and
    /// the address, given back when right); 403 `wrong_password` when it is not.
    func confirm(_ password: String, field: String, of user: User) async throws {
        _ = try TextInput.checked(password, field, .password)
        let taken = try await limiter.take(.passwordFrom(address: Self.clientAddress), .password(account: user.email))
        guard try await passwords.verify(password, against: user.passwordHash) != .wrong else {
            // Not 401: the request's token is good, and a client would take 401 as logged out.
            throw Refusal(.forbidden, code: "wrong_password", message: "the password is wrong")
        }
        try await limiter.giveBack(taken)
    }

    /// The authenticated user's row, or 401.
    func currentUser() async throws -> User {
        let id = try AuthenticatedUser.required().id
        guard let user = try await User.find(id, on: database) else { throw Refusal.unauthenticated() }
        return user
    }

    /// A new session for `user`, held as `kind` asks: a bearer token in the answer, or (for
    /// the web app) in the cookie the answer sets, the answer then carrying no token.
    private func session(for user: User, held kind: Components.Schemas.SessionKind?) async throws -> Components.Schemas.Session {
        let (token, expiresAt) = try await TokenIssuer.issue(for: try user.requireID(), lifetime: settings.tokenLifetime, on: database)
        guard kind == .cookie else { return .init(token: token, expiresAt: expiresAt, profile: user.profile) }
        WebSessionCookie.send(WebSessionCookie.setting(token, maxAge: Int(settings.tokenLifetime), secure: settings.site.isCurrentRequestSecure))
        return .init(expiresAt: expiresAt, profile: user.profile)
    }

    /// Refuses a cookie session to anything but this site's own pages (403 `csrf`), before
    /// any work: a page elsewhere could otherwise log a visitor's browser into an account
    /// of its choosing and read what they record.
    private func verifySessionAsker(_ kind: Components.Schemas.SessionKind?) throws {
        guard kind == .cookie else { return }
        try settings.site.verifyCurrentRequest()
    }

    private static func normalized(email: String) throws -> String {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.unicodeScalars.count <= TextInput.Limit.email.characters, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace) else {
            throw Refusal.invalid("`\(email)` is not an email address")
        }
        return email
    }

    /// A display name as stored: trimmed, 1 to 100 characters (`TextInput.Limit.displayName`), no NUL.
    private static func displayName(_ text: String) throws -> String {
        let name = try TextInput.checked(text, "displayName", .displayName).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw Refusal.invalid("the display name needs 1 to 100 characters") }
        return name
    }

    /// The request's client address, as the per-address limits count it (`ClientAddress`).
    static var clientAddress: String { RequestContext.current?.clientAddress ?? "unknown" }
}

extension User {
    var profile: Components.Schemas.Profile {
        .init(
            id: id?.apiID ?? "",
            email: email,
            displayName: displayName,
            units: units,
            weightKilograms: weightKilograms,
            stepLengthMeters: stepLengthMeters,
            defaultPrivacy: defaultPrivacy
        )
    }

    var summary: Components.Schemas.UserSummary {
        .init(id: id?.apiID ?? "", displayName: displayName)
    }
}
