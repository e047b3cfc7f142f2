import Foundation
import HTTPTypes

/// The web app's session: its bearer token in a cookie that the app's scripts cannot read
/// (HttpOnly), that no other site's page sends (SameSite=Strict), for the whole site
/// (Path=/, so the live WebSocket's upgrade carries it too), and only over https when the
/// site is served over https (Secure).
///
/// ```swift
/// WebSessionCookie.setting("tR1o…", maxAge: 3600, secure: true)
/// // paceline_session=tR1o…; Max-Age=3600; Path=/; HttpOnly; SameSite=Strict; Secure
/// WebSessionCookie.token(inCookieHeaders: ["theme=dark; paceline_session=tR1o…"])  // "tR1o…"
/// ```
enum WebSessionCookie {
    static let name = "paceline_session"

    /// The session token among a request's `Cookie` header values, if there is one.
    static func token(inCookieHeaders headers: some Sequence<String>) -> String? {
        CookieValue.named(name, in: headers)
    }

    /// `Set-Cookie` that keeps `token` in the browser for `maxAge` seconds (the token's lifetime).
    static func setting(_ token: String, maxAge: Int, secure: Bool) -> String {
        "\(name)=\(token); Max-Age=\(max(0, maxAge)); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// `Set-Cookie` that removes the session from the browser (log out).
    static func clearing(secure: Bool) -> String {
        "\(name)=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}

extension WebSessionCookie {
    /// Has the answer of the operation under way carry `setCookie` (from `setting` or
    /// `clearing`), as it is (`VerbatimHeaders`).
    static func send(_ setCookie: String) {
        VerbatimHeaders.set(.setCookie, setCookie)
    }
}
