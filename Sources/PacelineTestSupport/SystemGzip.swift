import Foundation

/// The system's own `gzip`, to make the compressed files tests read: a file made by
/// another program, not by the code under test.
public enum SystemGzip {
    /// `data` compressed by /usr/bin/gzip.
    public static func compress(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from a thread of its own: a pipe holds 64 KiB, and gzip writes while it reads.
        let writer = Thread { input.fileHandleForWriting.write(data); try? input.fileHandleForWriting.close() }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    }
}
