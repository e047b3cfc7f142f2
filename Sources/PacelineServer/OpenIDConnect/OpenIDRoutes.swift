import Foundation
import Logging
import PacelineAPI
import Vapor

/// The browser's way through a sign-in with the OpenID provider, beside the API (the
/// provider and the browser redirect to and fro, which a JSON API does not describe):
///
/// - `GET /auth/oidc/start`: the login screen's button; to the provider.
/// - `GET /auth/oidc/callback`: the provider's answer (the redirect URI registered there);
///   to the app signed in (`#/login?oidc=signed-in&expires=…`), to the link screen
///   (`#/login?oidc=link`), or to the login screen saying why not (`#/login?oidc=REASON`,
///   a `SignInFailure.Reason`).
/// - `GET /auth/oidc/link`: whose account the link screen asks the password of (JSON).
/// - `POST /auth/oidc/link` `{"password": …}`: links and signs in (JSON, the session cookie
///   set, as `POST /auth/login` answers the web app); from this site's own pages only.
///
/// Failures are logged with their detail, never a token or a code.
enum OpenIDRoutes {
    static func register(on app: Application, signIn: OpenIDSignIn, site: SiteOrigin, tokenLifetime: TimeInterval,
                         checks: @escaping @Sendable (Request) -> AccountBook.Checks) {
        let routes = app.grouped("auth", "oidc")
        let logger = app.logger
        routes.get("start") { request async -> Response in
            let secure = site.isSecure { request.headers.first(name: $0) }
            do {
                let start = try await signIn.start()
                return redirect(to: start.authorizationURL.absoluteString, cookies: [SignInCookie.setting(start.browserSecret, secure: secure)])
            } catch {
                return failed(error, logger: logger, secure: secure)
            }
        }
        routes.get("callback") { request async -> Response in
            let secure = site.isSecure { request.headers.first(name: $0) }
            do {
                if let said = request.query[String.self, at: "error"] {
                    throw SignInFailure(.providerRefused, "the provider answered \(said.prefix(60))")
                }
                guard let code = request.query[String.self, at: "code"], let state = request.query[String.self, at: "state"],
                      code.utf8.count <= 2048, state.utf8.count <= 256 else {
                    throw SignInFailure(.expired, "the answer has no code or state")
                }
                let browser = SignInCookie.secret(inCookieHeaders: request.headers[.cookie])
                switch try await signIn.finish(code: code, state: state, browserSecret: browser, address: checks(request).address) {
                case .signedIn(let session):
                    return redirect(to: "/#/login?oidc=signed-in&expires=\(Int(session.expiresAt.timeIntervalSince1970))",
                                    cookies: [WebSessionCookie.setting(session.token, maxAge: Int(tokenLifetime), secure: secure),
                                              SignInCookie.clearing(secure: secure)])
                case .linkAsked(let secret):
                    return redirect(to: "/#/login?oidc=link", cookies: [SignInCookie.setting(secret, secure: secure)])
                }
            } catch {
                return failed(error, logger: logger, secure: secure)
            }
        }
        routes.get("link") { request async throws -> Response in
            let question = try await signIn.linkQuestion(browserSecret: SignInCookie.secret(inCookieHeaders: request.headers[.cookie]))
            return try json(question)
        }
        routes.post("link") { request async throws -> Response in
            try site.verify { request.headers.first(name: $0) }
            struct Body: Decodable { var password: String }
            guard let body = try? request.content.decode(Body.self, as: .json) else {
                throw Refusal.invalid("send JSON with the account's `password`")
            }
            let session = try await signIn.link(browserSecret: SignInCookie.secret(inCookieHeaders: request.headers[.cookie]),
                                                password: body.password, checks: checks(request))
            let secure = site.isSecure { request.headers.first(name: $0) }
            let response = try json(LinkedSession(expiresAt: session.expiresAt, profile: session.user.profile))
            response.headers.add(name: .setCookie, value: WebSessionCookie.setting(session.token, maxAge: Int(tokenLifetime), secure: secure))
            response.headers.add(name: .setCookie, value: SignInCookie.clearing(secure: secure))
            return response
        }
    }

    /// What linking answers: as `POST /auth/login` answers a cookie session.
    private struct LinkedSession: Encodable {
        let expiresAt: Date
        let profile: Components.Schemas.Profile
    }

    /// A 303 to `location` setting `cookies`, kept by no cache.
    private static func redirect(to location: String, cookies: [String]) -> Response {
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: location)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        for cookie in cookies { response.headers.add(name: .setCookie, value: cookie) }
        return response
    }

    /// To the login screen, saying why (a reason's code, nothing else); logged.
    private static func failed(_ error: any Error, logger: Logger, secure: Bool) -> Response {
        let failure = error as? SignInFailure ?? SignInFailure(.providerUnreachable, "\(error)")
        logger.notice("sign-in with the OpenID provider failed: \(failure)")
        return redirect(to: "/#/login?oidc=\(failure.reason.rawValue)", cookies: [SignInCookie.clearing(secure: secure)])
    }

    private static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let response = Response(status: .ok, body: .init(data: try encoder.encode(value)))
        response.headers.contentType = .json
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
