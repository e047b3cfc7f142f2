import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Strong entity tags: the SHA-256 of the answer (its JSON, or its bytes), so equal
/// answers share a tag and any change (an edit, a deletion) gives a new one.
enum ETag {
    static func of<Value: Encodable>(_ value: Value) throws -> String {
        of(bytes: try JSONEncoder.sortedKeys.encode(value))
    }

    static func of(bytes: Data) -> String {
        "\"" + SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// Whether an `If-None-Match` header asks for `tag`: it lists it (a weak `W/` form
    /// too, as a cache may send) or is `*`.
    static func matches(_ tag: String, _ ifNoneMatch: String?) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}

extension ETag {
    /// Writes the `ETag` header as the quoted string it is, and says `Cache-Control: private,
    /// no-cache` beside it: a browser keeps the answer and asks again with the tag (a 304
    /// costs no body), and no shared cache keeps what may be one user's own.
    ///
    /// The tag is written plainly because the generated code percent-encodes header values:
    /// a tag `"abc"` would leave as `%22abc%22`, no entity-tag (RFC 9110 §8.8.3), which
    /// browsers' caches would not send back. (`If-None-Match` is
    /// read back through the same coding, so either form matches.)
    struct Header: ServerMiddleware {
        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            var (response, answer) = try await next(request, body, metadata)
            guard let tag = response.headerFields[.eTag] else { return (response, answer) }
            response.headerFields[.eTag] = tag.removingPercentEncoding ?? tag
            if response.headerFields[.cacheControl] == nil { response.headerFields[.cacheControl] = "private, no-cache" }
            return (response, answer)
        }
    }
}
