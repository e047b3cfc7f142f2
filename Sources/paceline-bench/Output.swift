import Foundation

/// Where the benchmarks write: results to stdout, progress and problems to stderr.
enum Output {
    static func line(_ text: String) {
        print(text)
    }

    /// One line on stderr, prefixed with the tool's name.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data("paceline-bench: \(text)\n".utf8))
    }
}
