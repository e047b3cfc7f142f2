import Foundation

/// A built executable of this package left running while a test goes on (`paceline sync
/// --watch`), what it prints collected in files the test reads whenever it likes. Nothing
/// here blocks a thread: the server a test runs in its own process keeps answering.
public final class RunningCommand {
    private let process: Process
    private let stdoutURL: URL
    private let stderrURL: URL

    /// Starts `executable` (by default `paceline`) with `arguments`, `environment` added to this process's.
    public init(_ arguments: [String], environment: [String: String] = [:], executable name: String = "paceline") throws {
        let directory = FileManager.default.temporaryDirectory
        let id = UUID().uuidString
        stdoutURL = directory.appendingPathComponent("paceline-\(id).out")
        stderrURL = directory.appendingPathComponent("paceline-\(id).err")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process = Process()
        process.executableURL = PacelineCLI.executable(name)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: stdoutURL)
        try? FileManager.default.removeItem(at: stderrURL)
    }

    /// What it has printed on stdout so far.
    public var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    /// What it has printed on stderr so far.
    public var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Waits until `condition` holds of what it has printed (stdout, stderr), looking every
    /// 50 ms; false when `seconds` pass first or it ends without.
    public func waitUntil(seconds: Double = 30, _ condition: (_ stdout: String, _ stderr: String) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let running = process.isRunning
            if condition(stdout, stderr) { return true }
            if !running { return false }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Sends `signal` (SIGTERM by default; SIGKILL for a crash).
    public func send(_ signal: Int32 = SIGTERM) {
        kill(process.processIdentifier, signal)
    }

    /// Its exit status once it has ended (a signal's number if one ended it); nil when it
    /// is still running after `seconds`.
    public func status(within seconds: Double = 30) async -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard Date() < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return process.terminationStatus
    }
}
