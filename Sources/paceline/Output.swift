import Foundation

/// Where the command-line tool writes: results to stdout, problems and progress to stderr.
enum Output {
    /// One line on stdout, written at once even into a pipe or a file: a journal, or a test,
    /// reads what `paceline sync --watch` did as it happens.
    static func line(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// `value` as one line of JSON, keys sorted, slashes as they are.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// One line on stderr, prefixed with the tool's name.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data("paceline: \(text)\n".utf8))
    }
}

/// A "[3/60] file.gpx" line on stderr that rewrites itself, shown only on a terminal.
final class Progress {
    private let total: Int
    private let enabled: Bool
    private var shown = false

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
    }

    func show(_ index: Int, _ item: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(index + 1)/\(total)] \(item)".utf8))
        shown = true
    }

    func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
