import Foundation
import PacelineServer

/// `paceline serve` started as a child process on a free loopback port, its output in a
/// temporary log file: a benchmark's server that shares no runtime with its load, and a
/// test's server that can be killed outright. Sendable: after `init` it holds constants,
/// and `kill`/`stop` only signal and wait for the process.
public final class ServerProcess: @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case notListening(seconds: Double, log: String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path) is not there: build paceline first (swift build, or swift build -c release)"
            case .notListening(let seconds, let log): "the server did not listen within \(Int(seconds)) s; its log ends:\n\(log)"
            }
        }
    }

    public let port: Int
    private let process = Process()
    private let logURL: URL

    public var pid: Int32 { process.processIdentifier }

    /// The `paceline` built beside this executable (`swift build` builds both).
    public static let besideThisExecutable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        ?? CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("paceline")

    /// Starts `executable`'s `serve` on `database` (warnings and errors logged only), with
    /// `options` added to its command line, and waits until it accepts connections,
    /// `timeout` seconds at most. With `openFiles`, the server may hold no more files open
    /// (sockets included) than that: `ulimit -n`, as systemd's `LimitNOFILE` sets it.
    public init(database: DatabaseLocation, options: [String] = [], executable: URL = besideThisExecutable, openFiles: Int? = nil,
                timeout: Double = 30) throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else { throw Failure.missing(executable.path) }
        port = try Self.freePort()
        logURL = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-bench-server-\(getpid())-\(port).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        var arguments = ["serve", "--hostname", "127.0.0.1", "--port", "\(port)"]
        switch database {
        case .sqlite(let path): arguments += ["--database", path]
        case .postgres(let url, let schema): arguments += ["--database", url] + (schema.map { ["--schema", $0] } ?? [])
        }
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", executable.path] + arguments + options
        } else {
            process.executableURL = executable
            process.arguments = arguments + options
        }
        // No pictures fetched from the internet by a test's or a benchmark's server.
        process.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "warning", "PACELINE_FETCH_PICTURES": "0"]) { $1 }
        let log = try FileHandle(forWritingTo: logURL)
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Started once it says so: it listens a moment before it is whole (its connections'
        // gate goes on after; a connection made in between has no deadlines).
        let deadline = Date().addingTimeInterval(timeout)
        while !(Self.accepts(port: port) && hasAnnounced) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw Failure.notListening(seconds: timeout, log: logTail)
            }
            usleep(50_000)
        }
    }

    /// Whether the server has printed that it is running (`AnnouncedServer`).
    private var hasAnnounced: Bool {
        ((try? String(contentsOf: logURL, encoding: .utf8)) ?? "").contains("Paceline is running.")
    }

    /// The most memory the server has held at once since it started (the kernel's
    /// high-water mark of its resident set, `VmHWM`), in bytes; nil once it has stopped.
    public var peakResidentBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    /// The last lines the server logged.
    public var logTail: String {
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(10).joined(separator: "\n")
    }

    /// What the server logged (warnings and errors, lines `[ LEVEL ] …`; not what `serve`
    /// prints for people, such as where to open the app).
    public var logged: [String] {
        ((try? String(contentsOf: logURL, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.hasPrefix("[ ") }.map(String.init)
    }

    /// SIGTERM (a graceful stop), SIGKILL if it has not stopped within `grace` seconds;
    /// removes the log.
    public func stop(grace: Double = 10) {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(grace)
            while process.isRunning, Date() < deadline { usleep(50_000) }
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: logURL)
    }

    /// SIGKILL: the process ends at once, as in a crash or an out-of-memory kill, with no
    /// chance to finish or store anything; the log is kept (`stop` removes it).
    public func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port nothing listens on: the kernel picks one for a socket bound to port 0.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        defer { Glibc.close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on the loopback `port`.
    public static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { Glibc.close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
