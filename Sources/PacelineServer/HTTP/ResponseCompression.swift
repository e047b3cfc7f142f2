import Foundation
import HTTPTypes
import OpenAPIRuntime
import PacelineArchives

/// Gzips the API's answers for clients that accept it: JSON, GeoJSON, GPX and TCX of a
/// kilobyte or more (a page of runs, a run's series, an export), as nginx's `gzip on` would.
///
/// An answer already coded (a track, series or export, kept gzipped: `RunDocument`) passes as it is. Each
/// such answer, and every 304, says `Vary: Accept-Encoding`, for the caches between, and an ETag on a
/// gzipped answer becomes weak (`W/`), as the same tag names the unzipped bytes too;
/// `If-None-Match` compares weakly, so either form is answered 304 (`ETag.matches`).
struct ResponseCompression: ServerMiddleware {
    /// Smaller answers are sent as they are: gzip's 18 bytes and the time are not worth it.
    static let minimumBytes = 1024
    /// zlib's fastest level, nginx's default: an answer is compressed on every request, and
    /// level 6 cost four times the time for a tenth fewer bytes (docs/PERFORMANCE.md).
    static let level: Int32 = 1
    /// The most an answer is read into memory to be compressed (an export of a long run is
    /// a few MiB); a larger one is sent unzipped.
    static let maximumBytes = 32 << 20

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, answer) = try await next(request, body, metadata)
        if response.status == .notModified {
            // As the 200 it stands for would say (RFC 9110 §15.4.5), for the caches between.
            response.headerFields.append(HTTPField(name: .vary, value: "Accept-Encoding"))
            return (response, answer)
        }
        guard let answer, response.status == .ok, Self.compressible(response.headerFields[.contentType]) else {
            return (response, answer)
        }
        response.headerFields.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        if response.headerFields[.contentEncoding] != nil {
            Self.weaken(&response)
            return (response, answer)
        }
        guard AcceptEncoding.allowsGzip(request.headerFields[.acceptEncoding]) else { return (response, answer) }
        if case .known(let length) = answer.length, length < Self.minimumBytes || length > Self.maximumBytes {
            return (response, answer)
        }
        let bytes = try await Data(collecting: answer, upTo: Self.maximumBytes)
        guard bytes.count >= Self.minimumBytes else { return (response, HTTPBody(bytes)) }
        let gzipped = try Gzip.compress(bytes, level: Self.level)
        response.headerFields[.contentEncoding] = "gzip"
        response.headerFields[.contentLength] = String(gzipped.count)
        Self.weaken(&response)
        return (response, HTTPBody(gzipped))
    }

    /// Whether answers of `contentType` are text worth compressing (FIT and PNG are not).
    static func compressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return type == "application/json" || type.hasSuffix("+json") || type.hasSuffix("+xml") || type.hasPrefix("text/")
    }

    private static func weaken(_ response: inout HTTPResponse) {
        if let tag = response.headerFields[.eTag], !tag.hasPrefix("W/") { response.headerFields[.eTag] = "W/" + tag }
    }
}

/// What `Accept-Encoding` allows (RFC 9110 §12.5.3).
enum AcceptEncoding {
    /// Whether `header` accepts gzip: it names `gzip` (or `x-gzip`, or `*`) without `q=0`.
    static func allowsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        var gzip: Bool?, any: Bool?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let refused = parts.dropFirst().contains { parameter in
                guard parameter.hasPrefix("q=") else { return false }
                return (Double(parameter.dropFirst(2)) ?? 1) <= 0
            }
            switch coding {
            case "gzip", "x-gzip": gzip = !refused
            case "*": any = !refused
            default: continue
            }
        }
        return gzip ?? any ?? false
    }

    /// Whether the request being answered accepts gzip.
    static var requestAllowsGzip: Bool {
        allowsGzip(RequestContext.current?.headers.first(name: "Accept-Encoding"))
    }
}
