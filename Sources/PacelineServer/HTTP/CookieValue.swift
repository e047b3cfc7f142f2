import Foundation

/// A cookie's value among a request's `Cookie` header values (`name=value; other=…`), the
/// first not empty; nil when there is none.
///
/// ```swift
/// CookieValue.named("paceline_session", in: ["theme=dark; paceline_session=tR1o…"])  // "tR1o…"
/// ```
enum CookieValue {
    static func named(_ name: String, in headers: some Sequence<String>) -> String? {
        for header in headers {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }
}
