import Vapor

/// Refuses a request carrying the session cookie that does not come from this site's own
/// pages (`SiteOrigin`), with 403 `csrf`, before its route runs.
///
/// It guards the live WebSocket's upgrade: browsers apply no CORS to WebSockets, so a page
/// on any site may open one to us, and the browser would send our cookie with it. (The
/// API's operations check the same in `Authentication`.)
struct CookieOriginCheck: AsyncMiddleware {
    let site: SiteOrigin

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if WebSessionCookie.token(inCookieHeaders: request.headers[.cookie]) != nil {
            try site.verify { request.headers.first(name: $0) }
        }
        return try await next.respond(to: request)
    }
}
