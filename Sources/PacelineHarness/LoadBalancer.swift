import Foundation

/// HAProxy started as a child process on a free loopback port, in front of `paceline
/// serve` instances: round robin, WebSockets passed through, each instance's `/health`
/// checked every 200 ms, and a connection that fails to reach one sent to another (as a
/// club's instances would run behind it).
public final class LoadBalancer {
    public enum Failure: Error, CustomStringConvertible {
        case missing
        case notListening(log: String)

        public var description: String {
            switch self {
            case .missing: "haproxy is not installed (apt-get install haproxy)"
            case .notListening(let log): "haproxy did not listen within 10 s; it said:\n\(log)"
            }
        }
    }

    /// Where HAProxy is, if it is installed.
    public static let executable: URL? = ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))

    public let port: Int
    private let process = Process()
    private let directory: URL

    /// Starts HAProxy in front of the instances listening on `servers` (loopback ports)
    /// and waits until it accepts connections.
    public init(servers: [Int]) throws {
        guard let executable = Self.executable else { throw Failure.missing }
        port = try ServerProcess.freePort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-haproxy-\(getpid())-\(port)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("haproxy.cfg")
        try Self.configuration(port: port, servers: servers).write(to: configuration, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("haproxy.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.executableURL = executable
        process.arguments = ["-db", "-f", configuration.path]
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !ServerProcess.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                stop()
                throw Failure.notListening(log: said)
            }
            usleep(50_000)
        }
    }

    /// Stops HAProxy and removes its files.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// HTTP mode, so each request and each WebSocket upgrade is balanced; `timeout
    /// tunnel` keeps an upgraded socket open for the length of a race.
    static func configuration(port: Int, servers: [Int]) -> String {
        """
        global
            maxconn 4096
        defaults
            mode http
            timeout connect 2s
            timeout client 60s
            timeout server 60s
            timeout tunnel 1h
            retries 3
            option redispatch
        frontend paceline
            bind 127.0.0.1:\(port)
            default_backend instances
        backend instances
            balance roundrobin
            option httpchk GET /api/v1/health
        \(servers.enumerated().map { "    server instance\($0.offset) 127.0.0.1:\($0.element) check inter 200ms fall 1 rise 2" }.joined(separator: "\n"))

        """
    }
}
