import Vapor

/// Refuses a request carrying the session cookie, or a trusted proxy's header naming the user
/// (`TrustedUserHeader`), that does not come from this site's own pages (`SiteOrigin`), with
/// 403 `csrf`, before its route runs.
///
/// It guards the live WebSocket's upgrade: browsers apply no CORS to WebSockets, so a page
/// on any site may open one to us, and the browser would send our cookie with it (and the
/// proxy in front would add its header). (The API's operations check the same in
/// `Authentication`.)
struct CookieOriginCheck: AsyncMiddleware {
    let site: SiteOrigin
    var trustedHeader: TrustedUserHeader?

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let byProxy = trustedHeader.map { request.headers.contains(name: $0.name) } ?? false
        if byProxy || WebSessionCookie.token(inCookieHeaders: request.headers[.cookie]) != nil {
            try site.verify { request.headers.first(name: $0) }
        }
        return try await next.respond(to: request)
    }
}
