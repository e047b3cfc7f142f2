import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Uploads and route planning run on threads of their own, at a lower priority: decoding
/// the body, reading the file, measuring it and what follows are seconds of CPU for a long
/// recording (a search of the map, tens of milliseconds to a second), and on
/// Swift's shared pool (one thread per core, which every other request runs on) two of
/// them left `/health` and logins waiting 14 s. Here they take what the machine has to
/// spare, and everything else answers first. An upload without an account is refused
/// before its body is read (the generated code decodes a JSON body before the handler
/// asks who sent it), so no one without an account costs the server a decoding.
struct UploadThreads: ServerMiddleware {
    /// The operations whose work runs on `LowPriorityExecutor`.
    static let operations: Set<String> = ["uploadRun", "planLeg", "planLoop", "createPlannedRoute"]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard Self.operations.contains(operationID) else { return try await next(request, body, metadata) }
        _ = try AuthenticatedUser.required()
        return try await withTaskExecutorPreference(LowPriorityExecutor.shared) {
            try await next(request, body, metadata)
        }
    }
}
