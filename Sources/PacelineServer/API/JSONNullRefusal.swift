import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Refuses a JSON request body that holds `null` where openapi.yaml does not allow it,
/// with 400 naming the member.
///
/// The generated decoder reads an optional member that is `null` as absent, so without
/// this `{"defaultPrivacy": null}` was accepted although the spec says a privacy is a
/// string (schemathesis' negative checks found five such operations). openapi.yaml allows
/// `null` in one request member, `activeWorkoutId` of `updateWorkoutSettings` (no active
/// workout), so that operation's body is let through whole; every other body is refused
/// at its first `null`. Runs after `RequestBodyLimit`, so what it reads is bounded.
struct JSONNullRefusal: ServerMiddleware {
    /// Operations whose request schema allows `null` somewhere.
    static let allowingNull: Set<String> = ["updateWorkoutSettings"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body, !Self.allowingNull.contains(operationID),
              request.headerFields[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return try await next(request, body, metadata)
        }
        let bytes = try await [UInt8](collecting: body, upTo: .max)
        if let member = Self.memberHoldingNull(bytes) {
            throw APIError.badRequest(member.isEmpty ? "the body is null" : "`\(member)` is null: leave it out instead")
        }
        return try await next(request, HTTPBody(bytes), metadata)
    }

    /// The name of the first member whose value is the literal `null` ("" for a `null`
    /// not in an object), or nil when there is none. A lexer's pass: strings are skipped
    /// (with their escapes), so `"null"` inside text is no `null`.
    /// - Complexity: O(n) in the bytes.
    static func memberHoldingNull(_ bytes: [UInt8]) -> String? {
        var index = 0
        var lastKey = ""
        var lastString: Range<Int>?
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                lastString = start..<min(index, bytes.count)
            case UInt8(ascii: ":"):
                if let range = lastString { lastKey = String(decoding: bytes[range], as: UTF8.self) }
            case UInt8(ascii: ","), UInt8(ascii: "["):
                lastString = nil
            case UInt8(ascii: "n"):
                if bytes[index...].starts(with: Array("null".utf8)) { return lastKey }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
