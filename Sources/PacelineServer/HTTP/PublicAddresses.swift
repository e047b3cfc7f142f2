import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which addresses a request the server makes on its own may reach (server-side request
/// forgery): public ones only, not loopback, private, link-local, shared (CGNAT), unique
/// local, multicast, documentation or unspecified. Push endpoints (`PushEndpoint`) and
/// the pictures the server fetches (`PictureSource`) are held to these rules.
enum PublicAddresses {
    /// A host name with no address.
    struct Unresolvable: Error {}

    /// The addresses `host` (a name or an address) names, as their bytes (4 or 16), from
    /// `getaddrinfo` on a thread of its own (it blocks).
    static func resolve(_ host: String) async throws -> [[UInt8]] {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return try await Task.detached { try lookUp(bare) }.value
    }

    private static func lookUp(_ host: String) throws -> [[UInt8]] {
        var hints = addrinfo()
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var first: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, "443", &hints, &first) == 0, let first else { throw Unresolvable() }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        for info in sequence(first: first, next: { $0.pointee.ai_next }) {
            guard let address = info.pointee.ai_addr else { continue }
            switch Int32(info.pointee.ai_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    addresses.append(withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) })
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    addresses.append(withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) })
                }
            default: continue
            }
        }
        return addresses
    }

    /// Whether `address` (4 or 16 bytes) is one a request must not reach from the server.
    static func isPrivate(_ address: [UInt8]) -> Bool {
        switch address.count {
        case 4: isPrivate(v4: address.reduce(0) { $0 << 8 | UInt32($1) })
        case 16: isPrivate(v6: address)
        default: true
        }
    }

    /// `address` written for a person.
    static func written(_ address: [UInt8]) -> String {
        address.count == 4 ? address.map(String.init).joined(separator: ".")
            : stride(from: 0, to: address.count, by: 2).map { String(format: "%x", Int(address[$0]) << 8 | Int(address[$0 + 1])) }.joined(separator: ":")
    }

    /// IPv4 `address` (as a big-endian number) in a range that is not the public internet.
    static func isPrivate(v4 address: UInt32) -> Bool {
        let ranges: [(UInt32, Int)] = [
            (0x0000_0000, 8), (0x0A00_0000, 8), (0x6440_0000, 10), (0x7F00_0000, 8), (0xA9FE_0000, 16),
            (0xAC10_0000, 12), (0xC000_0000, 24), (0xC0000200, 24), (0xC0A8_0000, 16), (0xC612_0000, 15),
            (0xC6336400, 24), (0xCB007100, 24), (0xE000_0000, 3),
        ]
        return ranges.contains { base, bits in address >> (32 - bits) == base >> (32 - bits) }
    }

    /// IPv6 `bytes` in a range that is not the public internet (an IPv4-mapped one by its IPv4 rules).
    static func isPrivate(v6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return true }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return isPrivate(v4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        }
        // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry.
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] {
            return isPrivate(v4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        }
        if bytes[0] == 0x20 && bytes[1] == 0x02 { return isPrivate(v4: bytes[2..<6].reduce(0) { $0 << 8 | UInt32($1) }) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return true }  // :: and ::1
        if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7, unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10, link-local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return true }  // fec0::/10, site-local (deprecated)
        if bytes[0..<6] == [0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01][...] { return true }  // 64:ff9b:1::/48, local NAT64
        if bytes[0..<8] == [0x01, 0x00, 0, 0, 0, 0, 0, 0][...] { return true }  // 100::/64, discard
        if bytes[0..<4] == [0x20, 0x01, 0x00, 0x00][...] { return true }  // 2001::/32, Teredo
        if bytes[0] == 0xFF { return true }  // multicast
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return true }  // documentation
        return bytes[0..<12].allSatisfy { $0 == 0 }  // IPv4-compatible (deprecated)
    }
}

extension PublicAddresses {
    /// Whether `address` (4 or 16 bytes) is a loopback one: 127.0.0.0/8 (IPv4-mapped too) or ::1.
    static func isLoopback(_ address: [UInt8]) -> Bool {
        switch address.count {
        case 4: address[0] == 127
        case 16: address[0..<15].allSatisfy { $0 == 0 } && address[15] == 1
            || address[0..<10].allSatisfy { $0 == 0 } && address[10] == 0xFF && address[11] == 0xFF && address[12] == 127
        default: false
        }
    }
}
