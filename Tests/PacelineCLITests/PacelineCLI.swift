import Foundation

/// Runs the built `paceline` executable and captures what it prints.
struct PacelineCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `paceline` binary beside the test bundle (SwiftPM builds it for this target).
    static let executable: URL = {
        let candidates = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
            + [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for directory in candidates {
            let url = directory.appendingPathComponent("paceline")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return URL(fileURLWithPath: ".build/debug/paceline")
    }()

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
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
