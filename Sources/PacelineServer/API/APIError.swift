import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A refusal or a client's mistake as HTTP answers it: its status and
/// `{error: {code, message}}`. Domain code throws `Refusal`s, which `init(_:)` maps to their
/// status, the one place that does; the HTTP layer makes its own (a body too large, a
/// request the generated code could not decode). `APIErrorTranslator` and `ErrorResponder`
/// write them.
package struct APIError: Error, Sendable, CustomStringConvertible {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    /// Seconds to wait before trying again, sent as `Retry-After` (a 429, a 503).
    var retryAfter: Int?

    /// A refusal as HTTP says it.
    init(_ refusal: Refusal) {
        let status: HTTPResponse.Status = switch refusal.reason {
        case .invalid: .badRequest
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .gone: .gone
        case .unprocessable: .unprocessableContent
        case .unsupportedFormat: .unsupportedMediaType
        case .tooMany: .tooManyRequests
        case .unavailable: .serviceUnavailable
        }
        self.init(status: status, code: refusal.code, message: refusal.message, retryAfter: refusal.retryAfter)
    }

    init(status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) {
        (self.status, self.code, self.message, self.retryAfter) = (status, code, message, retryAfter)
    }

    /// `error` as an answer, when it is a refusal or an `APIError`; nil for anything else.
    init?(_ error: any Error) {
        if let refusal = error as? Refusal { self.init(refusal) } else if let apiError = error as? APIError { self = apiError } else { return nil }
    }

    package var description: String { "\(status.code) \(code): \(message)" }

    static func payloadTooLarge(maximumBytes: Int) -> APIError {
        let allowed = maximumBytes >= 1 << 20 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes >> 10) KiB"
        return APIError(status: .contentTooLarge, code: "payload_too_large", message: "the request body is larger than the \(allowed) allowed")
    }

    /// The JSON answer.
    var body: Data {
        (try? JSONEncoder.sortedKeys.encode(["error": ErrorBody(code: code, message: message)])) ?? Data()
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

extension JSONEncoder {
    /// Keys sorted, so answers are stable byte for byte.
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
