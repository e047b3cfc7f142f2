import Vapor

/// The address a request came from, as the per-address limits count it.
///
/// Without a trusted proxy it is the socket's peer: headers are the client's to forge.
/// Behind one (`--trust-proxy`) it is the last `X-Forwarded-For` entry, the one the proxy
/// itself appended; earlier entries are the client's to forge. An IPv6 address is cut to
/// its /64, the block one subscriber gets, so rotating through it gains nothing; an
/// IPv4-mapped IPv6 address counts as its IPv4 address.
enum ClientAddress {
    static func of(_ request: Request, trustProxy: Bool) -> String {
        if trustProxy, let forwarded = request.headers[.xForwardedFor].last?
            .split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !forwarded.isEmpty {
            return normalized(forwarded)
        }
        return normalized(request.remoteAddress?.ipAddress ?? "unknown")
    }

    /// `address` as a limit's key: IPv4 as it is, IPv6 as its /64 prefix.
    static func normalized(_ address: String) -> String {
        var text = address.lowercased()
        if text.hasPrefix("[") { text = String(text.dropFirst().prefix { $0 != "]" }) }
        if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
        if text.hasPrefix("::ffff:"), text.contains(".") { return String(text.dropFirst("::ffff:".count)) }
        guard text.contains(":"), let groups = expandedIPv6(text) else { return text }
        return groups.prefix(4).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address, or nil when it is not one.
    private static func expandedIPv6(_ text: String) -> [UInt16]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            part.isEmpty ? [] : part.split(separator: ":", omittingEmptySubsequences: false).map { UInt16($0, radix: 16) }
                .reduce(into: [UInt16]?([])) { result, group in
                    guard let group else { result = nil; return }
                    result?.append(group)
                }
        }
        guard let head = groups(halves[0]), let tail = halves.count == 2 ? groups(halves[1]) : [] else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard head.count + tail.count < 8 else { return nil }
        return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
