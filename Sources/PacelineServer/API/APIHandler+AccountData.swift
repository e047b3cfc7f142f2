import Foundation
import OpenAPIRuntime
import PacelineAPI

extension APIHandler {
    /// Everything the user keeps here, as one ZIP: each activity as a file, and the JSON
    /// the API answers them with for the rest (`AccountExport`).
    func exportMyData(_ input: Operations.ExportMyData.Input) async throws -> Operations.ExportMyData.Output {
        let url = try await AccountExport.archive(of: try await currentUser(), on: database)
        // No Content-Disposition: the OpenAPI runtime would percent-encode it; the app's link names the file.
        return .ok(.init(body: .applicationZip(try Self.streamed(url))))
    }

    /// Deletes the account once its password is confirmed (`AccountBook.delete`), and ends every session.
    func deleteAccount(_ input: Operations.DeleteAccount.Input) async throws -> Operations.DeleteAccount.Output {
        let authenticated = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await AccountBook.delete(authenticated.id, password: body.password, checks: checks, on: database)
        app.liveHub?.closeSockets(ofToken: authenticated.tokenHash)
        app.liveHub?.closeSockets(of: authenticated.id, exceptToken: authenticated.tokenHash)
        if authenticated.credential == .sessionCookie {
            WebSessionCookie.send(WebSessionCookie.clearing(secure: settings.site.isCurrentRequestSecure))
        }
        return .noContent(.init())
    }

    /// The file at `url` as a body, read as the client takes it (64 KiB at a time, so a slow
    /// download holds no more than that in memory), and removed once the body is done with.
    private static func streamed(_ url: URL) throws -> HTTPBody {
        let chunks = try FileChunks(url)
        return HTTPBody(chunks, length: .known(chunks.length), iterationBehavior: .single)
    }
}

/// A temporary file's bytes, read on demand; the file is closed and removed when the last
/// reference to it goes (read to its end, or the client gone).
private struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    fileprivate final class File: @unchecked Sendable {
        let handle: FileHandle
        let url: URL
        init(_ url: URL) throws { (self.url, handle) = (url, try FileHandle(forReadingFrom: url)) }
        deinit { try? handle.close(); try? FileManager.default.removeItem(at: url) }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let file: File
        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let data = try file.handle.read(upToCount: 1 << 16), !data.isEmpty else { return nil }
            return ArraySlice(data)
        }
    }

    private let file: File
    let length: Int64

    init(_ url: URL) throws {
        file = try File(url)
        length = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int).map(Int64.init) ?? 0
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(file: file) }
}
