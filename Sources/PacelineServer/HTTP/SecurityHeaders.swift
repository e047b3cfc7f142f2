import Foundation
import Vapor

/// Puts the browser's defences on every response: a Content-Security-Policy,
/// `X-Content-Type-Options: nosniff` and `Referrer-Policy: strict-origin-when-cross-origin`.
///
/// The policy lets a page run only the scripts this server sends as files (no inline
/// script, no `eval`, no other host), so text that slipped into a page as HTML still runs
/// nothing. It goes on every response, not only HTML: an SVG or any file opened on its own
/// is a document too, and the service worker is governed by the policy of its own script.
struct SecurityHeaders: AsyncMiddleware {
    /// The `Content-Security-Policy` value.
    let contentSecurityPolicy: String

    init(web: WebSettings, publicURL: URL?) {
        contentSecurityPolicy = Self.policy(imageSources: [Self.tileOrigin(web.tileURL), publicURL.flatMap { SiteOrigin.normalized($0.absoluteString) }]
            .compactMap { $0 })
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: contentSecurityPolicy)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "strict-origin-when-cross-origin")
        return response
    }

    /// The policy, what the web app really loads: its own scripts, styles, fonts, workers
    /// and manifest; API calls and the live WebSocket to itself ('self' covers ws: and wss:
    /// to the same host); images from itself, `data:` and `imageSources` (the map tiles'
    /// host, and the public URL's origin, which share pages' absolute map links name).
    /// Nothing may frame it, plugins are off, `<base>` can't redirect relative links, and
    /// forms post only to itself.
    static func policy(imageSources: [String]) -> String {
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            (["img-src 'self' data:"] + imageSources).joined(separator: " "),
            "connect-src 'self'",
            "font-src 'self'",
            "worker-src 'self'",
            "manifest-src 'self'",
            "form-action 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The origin the map tiles come from, as a CSP source: `https://tile.openstreetmap.org`
    /// for `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; a `{s}` subdomain becomes a
    /// wildcard (`https://*.tile.example.org`). Nil for a relative template (served by this
    /// server, which 'self' covers) or one that is no plain http(s) address.
    ///
    /// ```swift
    /// SecurityHeaders.tileOrigin("https://{s}.tile.example.org/{z}/{x}/{y}.png")  // "https://*.tile.example.org"
    /// ```
    static func tileOrigin(_ template: String) -> String? {
        guard let schemeEnd = template.range(of: "://") else { return nil }
        let scheme = template[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = template[schemeEnd.upperBound...]
        var authority = String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }).lowercased()
        if authority.contains("{s}") {
            // A wildcard may only stand for whole leftmost labels.
            let labels = authority.split(separator: ".", omittingEmptySubsequences: false)
            guard let first = labels.first, first.contains("{s}"), labels.dropFirst().allSatisfy({ !$0.contains("{") }) else { return nil }
            authority = (["*"] + labels.dropFirst()).joined(separator: ".")
        }
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789.-:*[]")
        guard !authority.isEmpty, authority.unicodeScalars.allSatisfy(allowed.contains) else { return nil }
        return "\(scheme)://\(authority)"
    }
}
