import Foundation
import OpenAPIRuntime
import PacelineAPI

extension APIHandler {
    /// GET /pictures/{id}: a picture the instance fetched for its data, as kept, typed by
    /// its own bytes; kept by browsers a year (it never changes), 304 for its ETag.
    func getPicture(_ input: Operations.GetPicture.Input) async throws -> Operations.GetPicture.Output {
        let picture = try await Pictures.served(input.path.pictureId, on: reads)
        let tag = "\"" + picture.sha256.prefix(32) + "\""
        // Written as it is: through the generated output its commas and spaces would be percent-encoded.
        VerbatimHeaders.set(.cacheControl, "public, max-age=31536000, immutable")
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        let headers = Operations.GetPicture.Output.Ok.Headers(eTag: tag)
        let body = HTTPBody(picture.bytes)
        return switch picture.kind {
        case .jpeg: .ok(.init(headers: headers, body: .jpeg(body)))
        case .png: .ok(.init(headers: headers, body: .png(body)))
        case .webp: .ok(.init(headers: headers, body: .imageWebp(body)))
        }
    }
}
