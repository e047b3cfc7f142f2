import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches one picture the data names, as safely as the server can ask a stranger's host
/// for anything: only from a host on the allow-list (`PictureSource`), over https on its
/// port (443), to an
/// address that is public (`PublicAddresses`: a name that resolves to a loopback, private
/// or link-local one is refused before any connection, and the connection goes to the
/// address checked, so the name can't resolve elsewhere in between); at most
/// `maximumRedirects` redirects, each checked the same way; within one deadline for the
/// whole fetch; at most `maximumBytes`; and only a JPEG, PNG or WebP by its bytes' own
/// signature (an answer whose `Content-Type` is not an image's is refused too).
struct PictureFetcher: Sendable {
    /// The largest picture kept, in bytes.
    static let maximumBytes = 5 << 20
    /// Redirects followed, at most.
    static let maximumRedirects = 3

    /// Why a picture was not fetched.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case malformed
        case notAllowed(host: String)
        case otherPort(Int)
        case privateAddress(String)
        case unresolvable(host: String)
        case status(Int)
        case tooManyRedirects
        case tooBig
        case notAnImage
        case timedOut
        case transport(String)

        var description: String {
            switch self {
            case .malformed: "not an address a picture can be fetched from"
            case .notAllowed(let host): "\(host) is not a host the loaded data names"
            case .otherPort(let port): "port \(port) is not https's (443)"
            case .privateAddress(let address): "the host is a private or local address (\(address))"
            case .unresolvable(let host): "\(host) has no address"
            case .status(let code): "the host answered \(code)"
            case .tooManyRedirects: "more than \(PictureFetcher.maximumRedirects) redirects"
            case .tooBig: "larger than \(PictureFetcher.maximumBytes) bytes"
            case .notAnImage: "not a JPEG, PNG or WebP image"
            case .timedOut: "no whole answer within the deadline"
            case .transport(let reason): reason
            }
        }

        /// Whether trying again later may help (a host down, a deadline); a refusal by the
        /// rules or an answer that is not a picture will not change.
        var isLasting: Bool {
            switch self {
            case .malformed, .notAllowed, .otherPort, .privateAddress, .tooManyRedirects, .tooBig, .notAnImage: true
            case .status(let code): code == 404 || code == 410
            case .unresolvable, .timedOut, .transport: false
            }
        }
    }

    /// The hosts pictures may come from.
    let allowed: Set<String>
    /// The whole fetch's deadline, redirects included.
    let deadline: Duration
    /// Tests only: loopback addresses over plain http (`PictureSettings`).
    var testsOnlyLoopbackOverHTTP = false
    /// A host's addresses (`PublicAddresses.resolve`; a test may give its own).
    var resolve: @Sendable (String) async throws -> [[UInt8]] = { try await PublicAddresses.resolve($0) }
    /// Who asks: hosts such as Wikimedia's ask for a name and a way to reach its operator.
    var userAgent = PictureFetcher.userAgent(publicURL: nil, contact: nil)

    /// "Paceline/1 (self-hosted; fetches each picture its data names once; +https://runs.example.org; mailto:admin@example.org)".
    static func userAgent(publicURL: URL?, contact: String?) -> String {
        let reach = [publicURL.map { "+" + $0.absoluteString }, contact].compactMap { $0 }
        return "Paceline/1 (self-hosted; fetches each picture its data names once" + reach.map { "; " + $0 }.joined() + ")"
    }

    /// The picture at `address`, and its kind.
    /// - Throws: `Failure`.
    func fetch(_ address: String) async throws -> (bytes: Data, kind: ImageKind) {
        guard let url = PictureSource.fetchable(address) else { throw Failure.malformed }
        let deadline = self.deadline
        return try await withThrowingTaskGroup(of: (bytes: Data, kind: ImageKind)?.self) { group in
            group.addTask { try await follow(url) }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let picture = first else { throw Failure.timedOut }
            return picture
        }
    }

    /// Asks for `url`, following redirects each checked as the first address was.
    private func follow(_ first: URL) async throws -> (bytes: Data, kind: ImageKind) {
        var url = first
        for _ in 0...Self.maximumRedirects {
            switch try await ask(url) {
            case .picture(let bytes, let kind): return (bytes, kind)
            case .redirect(let location):
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL, PictureSource.fetchable(next.absoluteString) != nil
                else { throw Failure.malformed }
                url = next
            }
        }
        throw Failure.tooManyRedirects
    }

    private enum Answer {
        case picture(Data, ImageKind)
        case redirect(String)
    }

    /// One request, to the address checked for `url`'s host.
    private func ask(_ address: URL) async throws -> Answer {
        guard let url = PictureSource.asked(address, testsOnlyLoopbackOverHTTP: testsOnlyLoopbackOverHTTP),
              let host = url.host?.lowercased() else { throw Failure.malformed }
        guard allowed.contains(host) else { throw Failure.notAllowed(host: host) }
        if !testsOnlyLoopbackOverHTTP, let port = url.port, port != 443 { throw Failure.otherPort(port) }
        let addresses: [[UInt8]]
        do { addresses = try await resolve(host) } catch { throw Failure.unresolvable(host: host) }
        guard let chosen = addresses.first else { throw Failure.unresolvable(host: host) }
        let refused = addresses.first { PublicAddresses.isPrivate($0) && !(testsOnlyLoopbackOverHTTP && PublicAddresses.isLoopback($0)) }
        if let refused { throw Failure.privateAddress(PublicAddresses.written(refused)) }

        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow,
                                                     timeout: .init(connect: .seconds(5), read: .seconds(10)))
        configuration.dnsOverride = [host: PublicAddresses.written(chosen)]
        configuration.decompression = .disabled
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let answer = try await request(url, with: client)
            try? await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            if let failure = error as? Failure { throw failure }
            if error is CancellationError { throw error }
            if let client = error as? HTTPClientError, [.deadlineExceeded, .readTimeout, .connectTimeout].contains(client) {
                throw Failure.timedOut
            }
            throw Failure.transport(String(describing: error))
        }
    }

    private func request(_ url: URL, with client: HTTPClient) async throws -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: ImageKind.allCases.map(\.contentType).joined(separator: ", "))
        let response = try await client.execute(request, timeout: .seconds(Int64(deadline.components.seconds) + 1))
        switch response.status.code {
        case 301, 302, 303, 307, 308:
            guard let location = response.headers.first(name: "Location") else { throw Failure.status(Int(response.status.code)) }
            return .redirect(location)
        case 200:
            break
        default:
            throw Failure.status(Int(response.status.code))
        }
        if let type = response.headers.first(name: "Content-Type"), !type.lowercased().hasPrefix("image/") { throw Failure.notAnImage }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > Self.maximumBytes {
            throw Failure.tooBig
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: Self.maximumBytes)
        } catch is NIOTooManyBytesError {
            throw Failure.tooBig
        }
        let bytes = Data(buffer: body)
        guard let kind = ImageKind(sniffing: bytes) else { throw Failure.notAnImage }
        return .picture(bytes, kind)
    }
}
