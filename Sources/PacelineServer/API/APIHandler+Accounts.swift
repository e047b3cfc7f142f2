import Fluent
import Foundation
import PacelineAPI
import Vapor

extension APIHandler {
    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        guard case .json(let registration) = input.body else { throw APIError.badRequest("send JSON") }
        try verifySessionAsker(registration.session)
        let email = try Self.normalized(email: TextInput.checked(registration.email, "email", .email))
        _ = try TextInput.checked(registration.password, "password", .password)  // bcrypt would stop reading at a NUL
        guard registration.password.count >= 8 else { throw APIError.badRequest("the password needs at least 8 characters") }
        let displayName = try Self.displayName(registration.displayName)
        let hash = try await hashPassword(registration.password)
        let user = User(email: email, passwordHash: hash, displayName: displayName)
        do {
            try await user.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError.conflict("an account with this email exists; log in instead")
        }
        return .created(.init(body: .json(try await session(for: user, held: registration.session))))
    }

    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        guard case .json(let credentials) = input.body else { throw APIError.badRequest("send JSON") }
        try verifySessionAsker(credentials.session)
        let email = try TextInput.checked(credentials.email, "email", .email).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let throttle = LoginThrottle(database: database)
        try await throttle.check(email)
        guard let user = try await User.query(on: database).filter(\.$email == email).first(),
              try await verifyPassword(credentials.password, hash: user.passwordHash) else {
            try await throttle.recordFailure(email)
            throw APIError.unauthorized("wrong email or password")
        }
        try await throttle.reset(email)
        return .ok(.init(body: .json(try await session(for: user, held: credentials.session))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        let user = try AuthenticatedUser.required()
        try await Token.query(on: database).filter(\.$tokenHash == user.tokenHash).delete()
        if user.credential == .sessionCookie {
            WebSessionCookie.send(WebSessionCookie.clearing(secure: settings.site.isCurrentRequestSecure))
        }
        return .noContent(.init())
    }

    func getProfile(_ input: Operations.GetProfile.Input) async throws -> Operations.GetProfile.Output {
        .ok(.init(body: .json(try await currentUser().profile)))
    }

    func updateProfile(_ input: Operations.UpdateProfile.Input) async throws -> Operations.UpdateProfile.Output {
        guard case .json(let update) = input.body else { throw APIError.badRequest("send JSON") }
        let user = try await currentUser()
        if let name = update.displayName { user.displayName = try Self.displayName(name) }
        if let units = update.units { user.units = units.rawValue }
        if let weight = update.weightKilograms {
            guard (20...400).contains(weight) else { throw APIError.badRequest("weight must be 20 to 400 kg") }
            user.weightKilograms = weight
        }
        if let privacy = update.defaultPrivacy { user.defaultPrivacy = privacy.rawValue }
        if let length = update.stepLengthMeters {
            guard (0.3...1.5).contains(length) else { throw APIError.badRequest("step length must be 0.3 to 1.5 m") }
            user.stepLengthMeters = length
        }
        try await user.save(on: database)
        return .ok(.init(body: .json(user.profile)))
    }

    /// The authenticated user's row, or 401.
    func currentUser() async throws -> User {
        let id = try AuthenticatedUser.required().id
        guard let user = try await User.find(id, on: database) else { throw APIError.unauthorized() }
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
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace) else {
            throw APIError.badRequest("`\(email)` is not an email address")
        }
        return email
    }

    /// A display name as stored: trimmed, 1 to 100 characters (`TextInput.Limit.displayName`), no NUL.
    private static func displayName(_ text: String) throws -> String {
        let name = try TextInput.checked(text, "displayName", .displayName).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw APIError.badRequest("the display name needs 1 to 100 characters") }
        return name
    }

    private func hashPassword(_ password: String) async throws -> String {
        let cost = settings.bcryptCost
        return try await app.threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    private func verifyPassword(_ password: String, hash: String) async throws -> Bool {
        try await app.threadPool.runIfActive { try Bcrypt.verify(password, created: hash) }
    }
}

extension User {
    var profile: Components.Schemas.Profile {
        .init(
            id: id?.apiID ?? "",
            email: email,
            displayName: displayName,
            units: .init(rawValue: units) ?? .metric,
            weightKilograms: weightKilograms,
            stepLengthMeters: stepLengthMeters,
            defaultPrivacy: .init(rawValue: defaultPrivacy) ?? ._public
        )
    }

    var summary: Components.Schemas.UserSummary {
        .init(id: id?.apiID ?? "", displayName: displayName)
    }
}
