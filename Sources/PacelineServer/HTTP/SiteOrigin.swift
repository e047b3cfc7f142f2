import Foundation

/// This server's own origin as a browser names it: what a request carrying the session
/// cookie must come from, and whether the browser reached us over https.
///
/// A browser sends the `paceline_session` cookie with any request to this site, even one
/// that a page elsewhere made it send; SameSite=Strict stops most of those, and this check
/// stops the rest (an old browser, a sibling subdomain). A request comes from our own pages
/// when its `Origin` is the configured public URL's origin or the origin the request
/// itself was sent to (its `Host`, with the scheme it arrived by), or, when a browser sent
/// no `Origin`, when `Sec-Fetch-Site` says `same-origin`. Anything else is refused with
/// 403 `csrf`.
///
/// ```swift
/// let site = SiteOrigin(publicURL: URL(string: "https://runs.example.org"), trustProxy: false)
/// let headers = ["origin": "https://evil.example", "host": "runs.example.org"]
/// try site.verify { headers[$0] }  // throws 403 csrf
/// ```
struct SiteOrigin: Sendable {
    /// `ServerSettings.publicURL`.
    var publicURL: URL?
    /// `ServerSettings.trustProxy`: only then does `X-Forwarded-Proto` say how the browser came.
    var trustProxy: Bool

    /// Throws 403 `csrf` unless the request came from this site's own pages. `header`
    /// gives a request header's value by its (lower-case) name.
    func verify(_ header: (String) -> String?) throws {
        if let origin = header("origin") {
            let own = ownOrigins(header)
            guard let sent = Self.normalized(origin), own.contains(sent) else {
                throw Refusal(.forbidden, code: "csrf", message:
                    "a request signed in by the session cookie must come from this site's own pages; it came from \(origin), not \(own.sorted().joined(separator: " or "))")
            }
        } else {
            guard header("sec-fetch-site")?.lowercased() == "same-origin" else {
                throw Refusal(.forbidden, code: "csrf", message:
                    "a request signed in by the session cookie must say where it comes from (Origin or Sec-Fetch-Site: same-origin); other clients send Authorization: Bearer <token>")
            }
        }
    }

    /// Whether the session cookie is `Secure`: the public URL is https, or the request
    /// arrived over https (as a trusted proxy's `X-Forwarded-Proto` says).
    func isSecure(_ header: (String) -> String?) -> Bool {
        publicURL?.scheme?.lowercased() == "https" || arrivedOverHTTPS(header)
    }

    /// The origins that count as ours for this request.
    private func ownOrigins(_ header: (String) -> String?) -> Set<String> {
        var origins = Set<String>()
        if let publicURL, let origin = Self.normalized(publicURL.absoluteString) { origins.insert(origin) }
        if let host = header("host"), let origin = Self.normalized((arrivedOverHTTPS(header) ? "https://" : "http://") + host) {
            origins.insert(origin)
        }
        return origins
    }

    private func arrivedOverHTTPS(_ header: (String) -> String?) -> Bool {
        guard trustProxy, let forwarded = header("x-forwarded-proto") else { return false }
        return forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// "scheme://host[:port]" in lower case, the port left out when it is the scheme's
    /// default, as browsers write `Origin`; nil for anything else (`null` included).
    static func normalized(_ text: String) -> String? {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }
}

extension SiteOrigin {
    /// `verify` for the request being answered (`RequestContext`: the generated server's
    /// `HTTPRequest` carries no `Host`).
    func verifyCurrentRequest() throws {
        try verify(Self.currentHeader)
    }

    /// `isSecure` for the request being answered.
    var isCurrentRequestSecure: Bool { isSecure(Self.currentHeader) }

    private static func currentHeader(_ name: String) -> String? {
        RequestContext.current?.headers.first(name: name)
    }
}
