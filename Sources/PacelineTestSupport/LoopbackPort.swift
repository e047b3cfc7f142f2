import Foundation

/// A port of 127.0.0.1 nothing listens on now, for a server whose address must be known
/// before it starts (its public URL names it, and a peer is told it first).
public enum LoopbackPort {
    /// A random port below Linux's ephemeral range (32768–60999) that binds now. Below it,
    /// no outgoing connection and no server started on port 0 is given it meanwhile (with
    /// port 0, another test's connection took it in the seconds before the server started).
    public static func free() throws -> Int {
        for _ in 0..<100 {
            let port = Int.random(in: 20_000..<32_768)
            if bindable(port) { return port }
        }
        throw POSIXError(.EADDRINUSE)
    }

    private static func bindable(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
