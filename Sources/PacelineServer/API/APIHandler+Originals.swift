import Foundation
import HTTPTypes
import OpenAPIRuntime
import PacelineAPI

extension APIHandler {
    /// GET /runs/{id}/original: the file the run was made from, byte for byte as its owner
    /// sent it, to its owner alone (anyone else, signed in or not, is answered 404 as for a
    /// run that does not exist: it holds what privacy zones hide). Kept gzipped, it is sent
    /// as kept to a client that accepts gzip (`Content-Encoding`), else inflated; one that
    /// came gzipped is sent as it came, `application/gzip`.
    func getRunOriginal(_ input: Operations.GetRunOriginal.Input) async throws -> Operations.GetRunOriginal.Output {
        guard let owner = AuthenticatedUser.current?.id else { throw Refusal.notFound("run") }
        let (run, original) = try await RunOriginal.original(ofRun: input.path.runId, ownedBy: owner, on: reads)
        VerbatimHeaders.set(.contentDisposition, "attachment; filename=\"\(try run.fileStem()).\(original.fileExtension)\"")
        guard original.compressed else {
            return .ok(.init(body: .applicationGzip(HTTPBody(original.bytes))))
        }
        let gzip = AcceptEncoding.requestAllowsGzip
        let bytes = gzip ? original.bytes : try RunOriginal.received(original)
        let headers = Operations.GetRunOriginal.Output.Ok.Headers(contentEncoding: gzip ? .gzip : nil)
        return switch original.format {
        case .gpx: .ok(.init(headers: headers, body: .applicationGpxXml(HTTPBody(bytes))))
        case .tcx: .ok(.init(headers: headers, body: .applicationVnd_garmin_tcxXml(HTTPBody(bytes))))
        case .fit: .ok(.init(headers: headers, body: .applicationVnd_ant_fit(HTTPBody(bytes))))
        // StoredDocument's own encoding writes the header for JSON.
        case .json, .live: .ok(.init(body: .json(StoredDocument(bytes: bytes, encoding: gzip ? .gzip : .identity))))
        }
    }
}
