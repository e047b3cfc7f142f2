import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

/// A document the server already holds as bytes (a run's track, series or export), sent as
/// they are instead of being decoded into a value and encoded again per request.
///
/// openapi.yaml describes the document's shape as for any other body (so clients and
/// schemathesis check it); the generator's configuration maps that schema to this type
/// (`typeOverrides`), and the `Converter` overloads below pass the bytes through. The
/// bytes may be gzipped (`encoding`): the answer then says so in `Content-Encoding`.
public struct StoredDocument: Sendable, Hashable {
    /// How `bytes` are coded on the wire.
    public enum Encoding: String, Sendable, Hashable {
        case identity
        case gzip
    }

    /// The document, coded as `encoding` says.
    public var bytes: Data
    public var encoding: Encoding

    public init(bytes: Data, encoding: Encoding = .identity) {
        self.bytes = bytes
        self.encoding = encoding
    }
}

// The generated code calls these through the runtime's `Converter`, which is public only to
// generated code (`@_spi(Generated)`): a StoredDocument is not Codable, so these are the only match.
extension Converter {
    /// The server's side: the stored bytes are the body; gzipped bytes carry
    /// `Content-Encoding: gzip`.
    public func setResponseBodyAsJSON(_ value: StoredDocument, headerFields: inout HTTPFields, contentType: String) throws -> HTTPBody {
        headerFields[.contentType] = contentType
        if value.encoding == .gzip { headerFields[.contentEncoding] = "gzip" }
        return HTTPBody(value.bytes)
    }

    /// The client's side: the body's bytes, as the transport handed them over (already
    /// decoded from any `Content-Encoding` the client asked for).
    public func getResponseBodyAsJSON<C>(
        _ type: StoredDocument.Type, from body: HTTPBody?, transforming transform: (StoredDocument) -> C
    ) async throws -> C {
        guard let body else { throw StoredDocumentError.missingBody }
        return transform(StoredDocument(bytes: try await Data(collecting: body, upTo: 256 << 20)))
    }
}

/// A response that should have carried a stored document did not.
public enum StoredDocumentError: Error {
    case missingBody
}
