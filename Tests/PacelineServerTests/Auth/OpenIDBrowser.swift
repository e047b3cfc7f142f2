import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PacelineTestSupport

/// A browser as the sign-in with the OpenID provider meets it: it follows no redirect by
/// itself (each step is the test's to see), and keeps each site's cookies (by host and
/// port; paths and attributes are not needed here).
final class OpenIDBrowser: @unchecked Sendable {
    struct Answer {
        let status: Int
        let headers: HTTPHeaders
        let body: String
        var location: String? { headers.first(name: "Location") }
        /// The `Set-Cookie` values.
        var setCookies: [String] { headers[canonicalForm: "Set-Cookie"].map(String.init) }
    }

    private static let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
    /// Cookies by "host:port", by name.
    var cookies: [String: [String: String]] = [:]

    func get(_ url: String, headers: [(String, String)] = []) async throws -> Answer {
        try await send(.GET, url, headers: headers)
    }

    func send(_ method: HTTPMethod, _ url: String, headers: [(String, String)] = [], body: Data? = nil) async throws -> Answer {
        guard let parsed = URL(string: url), let host = parsed.host else { throw URLError(.badURL) }
        let site = "\(host):\(parsed.port ?? 80)"
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let jar = cookies[site], !jar.isEmpty {
            request.headers.add(name: "Cookie", value: jar.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if let body { request.body = .bytes(ByteBuffer(data: body)) }
        let response = try await Self.client.execute(request, timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 1 << 20))
        let answer = Answer(status: Int(response.status.code), headers: response.headers, body: text)
        for cookie in answer.setCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            if pair[1].isEmpty || cookie.contains("Max-Age=0") { cookies[site]?[pair[0]] = nil } else { cookies[site, default: [:]][pair[0]] = pair[1] }
        }
        return answer
    }

    /// `location` made absolute against `base`.
    static func absolute(_ location: String, from base: String) -> String {
        URL(string: location, relativeTo: URL(string: base))!.absoluteString
    }

    /// Signs `account` in at the provider from `authorizationURL` (its login form, once), and
    /// gives back where the provider sends the browser: the redirect URI with a code and state.
    func authorize(at authorizationURL: String, as account: TestOpenIDProvider.Account) async throws -> String {
        var answer = try await get(authorizationURL)
        if let location = answer.location, location.contains("/accounts/login/") {
            let login = Self.absolute(location, from: authorizationURL)
            let form = try await get(login)
            let csrf = try Self.field("csrfmiddlewaretoken", in: form.body)
            let next = try Self.field("next", in: form.body)
            let fields = ["csrfmiddlewaretoken": csrf, "username": account.username, "password": account.password, "next": next]
            let body = fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
            let posted = try await send(.POST, login, headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Referer", login)],
                                        body: Data(body.utf8))
            guard let back = posted.location else { throw URLError(.userAuthenticationRequired) }
            answer = try await get(Self.absolute(back, from: login))
        }
        guard let callback = answer.location else { throw URLError(.badServerResponse) }
        return Self.absolute(callback, from: authorizationURL)
    }

    /// An input's value in an HTML form (`name="NAME" value="…"`), HTML entities for `&` undone.
    private static func field(_ name: String, in html: String) throws -> String {
        guard let range = html.range(of: "name=\"\(name)\" value=\""), let end = html[range.upperBound...].firstIndex(of: "\"") else {
            throw URLError(.cannotParseResponse)
        }
        return String(html[range.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }
}
