import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A client's mistake (or a refusal), answered with its status and
/// `{error: {code, message}}`. Handlers throw these; `APIErrorTranslator` writes them.
package struct APIError: Error, Sendable, CustomStringConvertible {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    /// Extra top-level members of the answer, beside `error` (e.g. a follow's coverage).
    var extra: [String: ExtraValue] = [:]
    /// Seconds to wait before trying again, sent as `Retry-After` (a 429, a 503).
    var retryAfter: Int?

    enum ExtraValue: Sendable, Encodable {
        case number(Double)
        case text(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    package var description: String { "\(status.code) \(code): \(message)" }

    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, code: "bad_request", message: message) }
    static func unauthorized(_ message: String = "log in first: send `Authorization: Bearer <token>`") -> APIError {
        APIError(status: .unauthorized, code: "unauthorized", message: message)
    }
    static func forbidden(_ message: String) -> APIError { APIError(status: .forbidden, code: "forbidden", message: message) }
    static func notFound(_ what: String) -> APIError { APIError(status: .notFound, code: "not_found", message: "no such \(what)") }
    static func conflict(_ message: String) -> APIError { APIError(status: .conflict, code: "conflict", message: message) }
    static func unprocessable(_ message: String) -> APIError { APIError(status: .unprocessableContent, code: "unprocessable", message: message) }
    static func payloadTooLarge(maximumBytes: Int) -> APIError {
        let allowed = maximumBytes >= 1 << 20 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes >> 10) KiB"
        return APIError(status: .contentTooLarge, code: "payload_too_large", message: "the request body is larger than the \(allowed) allowed")
    }

    /// The JSON answer.
    var body: Data {
        var members: [String: AnyEncodable] = ["error": AnyEncodable(ErrorBody(code: code, message: message))]
        for (key, value) in extra { members[key] = AnyEncodable(value) }
        return (try? JSONEncoder.sortedKeys.encode(members)) ?? Data()
    }

    /// The standard body for any status, when there is no `APIError` to give.
    static func body(status: HTTPResponse.Status, message: String) -> Data {
        APIError(status: status, code: code(for: status), message: message).body
    }

    /// The stable code for a status, for errors that arise outside our handlers.
    static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 406: "not_acceptable"
        case 409: "conflict"
        case 413: "payload_too_large"
        case 415: "unsupported_media_type"
        case 422: "unprocessable"
        case 429: "too_many_requests"
        case 500...: "internal"
        default: "error"
        }
    }

    private struct ErrorBody: Encodable {
        var code: String
        var message: String
    }
}

extension APIError: HTTPResponseConvertible {
    package var httpStatus: HTTPResponse.Status { status }
    package var httpHeaderFields: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { fields[.retryAfter] = String(retryAfter) }
        return fields
    }
    package var httpBody: HTTPBody? { HTTPBody(body) }
}

/// Type erasure for encoding a heterogeneous dictionary.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

extension JSONEncoder {
    /// Keys sorted, so answers are stable byte for byte.
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
