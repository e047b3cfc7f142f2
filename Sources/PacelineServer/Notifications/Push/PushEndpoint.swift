import Foundation

/// Where a browser's push service takes messages, checked so that a subscription can't make
/// the server send requests into the network it runs in (server-side request forgery): an
/// `https` address on the default port, of at most 2,048 characters, whose host is a name
/// or address that is public: not loopback, private, link-local, shared (CGNAT), unique
/// local, multicast or unspecified, nor a name that resolves to one (`PublicAddresses`). Checked when a
/// subscription is made and again before each push (a name's addresses can change).
/// `allowsPrivate` lifts the address rules, and allows `http`, for tests alone.
struct PushEndpoint: Sendable {
    /// The longest endpoint kept, in characters.
    static let maximumLength = 2048

    let url: URL

    /// Why an endpoint is refused.
    enum Refusal: Error, CustomStringConvertible {
        case notHTTPS, tooLong, malformed, otherPort, privateAddress(String), unresolvable

        var description: String {
            switch self {
            case .notHTTPS: "the push endpoint must be an https address"
            case .tooLong: "the push endpoint is longer than \(PushEndpoint.maximumLength) characters"
            case .malformed: "the push endpoint is not an address"
            case .otherPort: "the push endpoint must use https's own port (443)"
            case .privateAddress(let address): "the push endpoint's host is a private or local address (\(address))"
            case .unresolvable: "the push endpoint's host has no address"
            }
        }
    }

    /// `text` checked as above (resolving its host); the refusal says why not.
    static func checked(_ text: String, allowsPrivate: Bool) async throws -> PushEndpoint {
        guard text.count <= maximumLength else { throw Refusal.tooLong }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
              url.user == nil, url.password == nil else { throw Refusal.malformed }
        if allowsPrivate { guard scheme == "https" || scheme == "http" else { throw Refusal.notHTTPS }; return PushEndpoint(url: url) }
        guard scheme == "https" else { throw Refusal.notHTTPS }
        guard url.port == nil || url.port == 443 else { throw Refusal.otherPort }
        let addresses = (try? await PublicAddresses.resolve(host)) ?? []
        guard !addresses.isEmpty else { throw Refusal.unresolvable }
        if let inside = addresses.first(where: { PublicAddresses.isPrivate($0) }) { throw Refusal.privateAddress(PublicAddresses.written(inside)) }
        return PushEndpoint(url: url)
    }
}
