import Foundation
import PacelineAPI

extension APIHandler {
    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        try refuseIfPasswordLoginOff()
        guard case .json(let registration) = input.body else { throw Refusal.invalid("send JSON") }
        try verifySessionAsker(registration.session)
        let email = try AccountBook.normalized(email: TextInput.checked(registration.email, "email", .email))
        if let header = settings.trustedUserHeader {
            try header.allowRegistration(of: email, values: RequestContext.current?.headers[header.name] ?? [])
        }
        let password = try Passwords.checked(registration.password, field: "password")
        let displayName = try AccountBook.displayName(registration.displayName)
        let issued = try await AccountBook.register(email: email, password: password, displayName: displayName,
                                                    tokenLifetime: settings.tokenLifetime, checks: checks, on: database)
        return .created(.init(body: .json(session(issued, held: registration.session))))
    }

    /// Logs in (`AccountBook.logIn`: the attempt counted before the password is checked).
    func logIn(_ input: Operations.LogIn.Input) async throws -> Operations.LogIn.Output {
        try refuseIfPasswordLoginOff()
        guard case .json(let credentials) = input.body else { throw Refusal.invalid("send JSON") }
        try verifySessionAsker(credentials.session)
        let email = try TextInput.checked(credentials.email, "email", .email).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let password = try TextInput.checked(credentials.password, "password", .password)
        let issued = try await AccountBook.logIn(email: email, password: password, tokenLifetime: settings.tokenLifetime,
                                                 checks: checks, on: database)
        return .ok(.init(body: .json(session(issued, held: credentials.session))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        let user = try AuthenticatedUser.required()
        guard user.credential != .trustedHeader else {
            throw Refusal.conflict("you are signed in by the sign-in page in front of this instance: sign out there")
        }
        try await AccountBook.logOut(tokenHash: user.tokenHash, on: database)
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
        let change = AccountBook.ProfileChange(
            displayName: update.displayName, units: update.units, weightKilograms: update.weightKilograms,
            defaultPrivacy: update.defaultPrivacy, sharesPresence: update.sharesPresence, stepLengthMeters: update.stepLengthMeters)
        let user = try await AccountBook.changeProfile(of: try AuthenticatedUser.required().id, change, on: database)
        return .ok(.init(body: .json(user.profile)))
    }

    /// Changes the user's password (`AccountBook.changePassword`: every other token of the
    /// user is revoked); the live connections of those tokens close.
    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        let authenticated = try AuthenticatedUser.required()
        guard case .json(let change) = input.body else { throw Refusal.invalid("send JSON") }
        let newPassword = try Passwords.checked(change.newPassword, field: "newPassword")
        try await AccountBook.changePassword(of: authenticated.id, keeping: authenticated.tokenHash, current: change.currentPassword,
                                             new: newPassword, checks: checks, on: database)
        // The other tokens' live connections here close now; other instances' at their next token check.
        app.liveHub?.closeSockets(of: authenticated.id, exceptToken: authenticated.tokenHash)
        return .noContent(.init())
    }

    /// Changes the email the user logs in with, once their password is confirmed.
    func changeEmail(_ input: Operations.ChangeEmail.Input) async throws -> Operations.ChangeEmail.Output {
        if settings.trustedUserHeader != nil { throw TrustedUserHeader.emailChangeRefusal }
        guard case .json(let change) = input.body else { throw Refusal.invalid("send JSON") }
        let email = try AccountBook.normalized(email: TextInput.checked(change.email, "email", .email))
        let user = try await AccountBook.changeEmail(of: try AuthenticatedUser.required().id, to: email, password: change.password,
                                                     checks: checks, on: database)
        return .ok(.init(body: .json(user.profile)))
    }

    /// The accounts at the OpenID provider that sign the user in, named as the login screen names the provider.
    func listSignInAccounts(_ input: Operations.ListSignInAccounts.Input) async throws -> Operations.ListSignInAccounts.Output {
        let user = try AuthenticatedUser.required()
        let provider = settings.openID
        let accounts = try await SignInAccounts.linked(to: user.id, naming: { issuer in
            issuer == provider?.issuer.absoluteString ? provider?.name ?? issuer : issuer
        }, on: database)
        return .ok(.init(body: .json(accounts)))
    }

    /// The authenticated user's row, or 401.
    func currentUser() async throws -> User {
        try await AccountBook.user(try AuthenticatedUser.required().id, on: database)
    }

    /// What checks this request's passwords and counts its attempts.
    var checks: AccountBook.Checks {
        AccountBook.Checks(passwords: passwords, limiter: limiter, address: Self.clientAddress)
    }

    /// `issued` held as `kind` asks: a bearer token in the answer, or (for the web app) in
    /// the cookie the answer sets, the answer then carrying no token.
    private func session(_ issued: AccountBook.Session, held kind: Components.Schemas.SessionKind?) -> Components.Schemas.Session {
        guard kind == .cookie else { return .init(token: issued.token, expiresAt: issued.expiresAt, profile: issued.user.profile) }
        WebSessionCookie.send(WebSessionCookie.setting(issued.token, maxAge: Int(settings.tokenLifetime),
                                                       secure: settings.site.isCurrentRequestSecure))
        return .init(expiresAt: issued.expiresAt, profile: issued.user.profile)
    }

    /// Refuses a cookie session to anything but this site's own pages (403 `csrf`), before
    /// any work: a page elsewhere could otherwise log a visitor's browser into an account
    /// of its choosing and read what they record.
    private func verifySessionAsker(_ kind: Components.Schemas.SessionKind?) throws {
        guard kind == .cookie else { return }
        try settings.site.verifyCurrentRequest()
    }

    /// 403 `password_login_off` when the instance signs people in with its OpenID provider only.
    private func refuseIfPasswordLoginOff() throws {
        guard settings.passwordLogin else {
            throw Refusal(.forbidden, code: "password_login_off", message:
                "this instance signs people in with \(settings.openID?.name ?? "its OpenID provider") only; other clients use a token from Profile › Connected apps")
        }
    }

    /// The request's client address, as the per-address limits count it (`ClientAddress`).
    static var clientAddress: String { RequestContext.current?.clientAddress ?? "unknown" }
}
