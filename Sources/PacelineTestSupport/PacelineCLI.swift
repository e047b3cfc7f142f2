import Foundation

/// Runs a built executable of this package (`paceline`, or `paceline-bench`) and
/// captures what it prints.
public enum PacelineCLI {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The executable `name` beside the test bundle (SwiftPM builds it for a test target
    /// that depends on it).
    public static func executable(_ name: String) -> URL {
        let candidates = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
            + [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: ".build/debug/\(name)")
    }

    /// Runs `executable` (by default `paceline`) with `arguments`, `environment` added to this process's.
    public static func run(_ arguments: [String], environment: [String: String] = [:], executable name: String = "paceline") throws -> Result {
        let process = Process()
        process.executableURL = executable(name)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}
