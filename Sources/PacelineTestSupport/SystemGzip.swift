import Foundation

/// The system's own `gzip`, to make the compressed files tests read and to read the
/// compressed answers the server gives: another program, not the code under test.
public enum SystemGzip {
    /// `data` compressed by /usr/bin/gzip.
    public static func compress(_ data: Data) throws -> Data {
        try gzip(["-c"], data)
    }

    /// `data` (gzip) decompressed by /usr/bin/gzip; empty when it is not gzip.
    public static func decompress(_ data: Data) throws -> Data {
        try gzip(["-dc"], data)
    }

    /// What `produce` writes, compressed by /usr/bin/gzip as it is written: a file of
    /// hundreds of megabytes is never held whole.
    public static func compress(producing produce: @escaping @Sendable (_ write: (Data) -> Void) -> Void) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = Thread {
            produce { input.fileHandleForWriting.write($0) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }

    private static func gzip(_ arguments: [String], _ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gzip")
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Written from a thread of its own: a pipe holds 64 KiB, and gzip writes while it reads.
        let writer = Thread { input.fileHandleForWriting.write(data); try? input.fileHandleForWriting.close() }
        writer.start()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return result
    }
}
