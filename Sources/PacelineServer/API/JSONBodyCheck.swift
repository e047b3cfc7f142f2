import Foundation
import HTTPTypes
import OpenAPIRuntime
import PacelineCore

/// Checks a JSON request body before the generated decoder reads it: it refuses `null`
/// where openapi.yaml does not allow it (400 naming the member), and a body of more than
/// `maximumTokens` values and member names (422 `over_limit`), counted in one lexer's pass
/// that holds nothing.
///
/// The generated decoder reads an optional member that is `null` as absent, so without
/// this `{"defaultPrivacy": null}` was accepted although the spec says a privacy is a
/// string (schemathesis' negative checks found five such operations). openapi.yaml allows
/// `null` in one request member, `activeWorkoutId` of `updateWorkoutSettings` (no active
/// workout), so that operation's body is let through whole; every other body is refused
/// at its first `null`.
///
/// The decoder also takes each token of the whole body into memory (about 50 bytes each)
/// before it looks at any: 32 MiB of `0,0,0,…` in an upload's `fixes` held 900 MB before
/// it was refused. Counted here first, no body costs the decoder more than
/// `maximumTokens` of them. Runs after `RequestBodyLimit`, so what it reads is bounded.
struct JSONBodyCheck: ServerMiddleware {
    /// Operations whose request schema allows `null` somewhere.
    static let allowingNull: Set<String> = ["updateWorkoutSettings"]

    /// The most tokens (values, member names) a JSON body may hold: a recording sent by the
    /// app of 280,000 fixes with time and position (78 hours at one a second), or 130,000
    /// with every field; every other body is far smaller (256 KiB at most).
    static let maximumTokens = 2_000_000

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body, request.headerFields[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return try await next(request, body, metadata)
        }
        let bytes = try await [UInt8](collecting: body, upTo: .max)
        if Self.tokens(in: bytes, upTo: Self.maximumTokens + 1) > Self.maximumTokens {
            throw Refusal(.unprocessable, code: "over_limit",
                           message: "the body holds more than \(FileLimits.grouped(Self.maximumTokens)) JSON values and names, the most one request may hold")
        }
        if !Self.allowingNull.contains(operationID), let member = Self.memberHoldingNull(bytes) {
            throw Refusal.invalid(member.isEmpty ? "the body is null" : "`\(member)` is null: leave it out instead")
        }
        return try await next(request, HTTPBody(bytes), metadata)
    }

    /// How many tokens the JSON text holds (strings, numbers, `true`, `false`, `null`, and
    /// each object and array), counting no further than `limit`. A lexer's pass: it checks
    /// no grammar, which the decoder does.
    /// - Complexity: O(n) in the bytes.
    static func tokens(in bytes: [UInt8], upTo limit: Int) -> Int {
        var count = 0
        var index = 0
        var inNumber = false
        while index < bytes.count, count < limit {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                count += 1
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                inNumber = false
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                count += 1
                inNumber = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                if !inNumber { count += 1 }
                inNumber = true
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"):
                break
            default:
                inNumber = false
            }
            index += 1
        }
        return count
    }

    /// The name of the first member whose value is the literal `null` ("" for a `null`
    /// not in an object), or nil when there is none. A lexer's pass: strings are skipped
    /// (with their escapes), so `"null"` inside text is no `null`.
    /// - Complexity: O(n) in the bytes.
    static func memberHoldingNull(_ bytes: [UInt8]) -> String? {
        var index = 0
        // Ranges, never copies: a name is made a String only when it is answered (a body of
        // one 16 MiB name and 16 MiB of colons copied it at every colon, for hours).
        var lastKey = 0..<0
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
                if let range = lastString { lastKey = range }
            case UInt8(ascii: ","), UInt8(ascii: "["):
                lastString = nil
            case UInt8(ascii: "n"):
                if bytes[index...].starts(with: Array("null".utf8)) { return String(decoding: bytes[lastKey], as: UTF8.self) }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
