import Crypto
import Foundation

/// Strong entity tags: the SHA-256 of the answer (its JSON, or its bytes), so equal
/// answers share a tag and any change (an edit, a deletion) gives a new one.
enum ETag {
    static func of<Value: Encodable>(_ value: Value) throws -> String {
        of(bytes: try JSONEncoder.sortedKeys.encode(value))
    }

    static func of(bytes: Data) -> String {
        "\"" + SHA256.hash(data: bytes).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// Whether an `If-None-Match` header asks for `tag`: it lists it (a weak `W/` form
    /// too, as a cache may send) or is `*`.
    static func matches(_ tag: String, _ ifNoneMatch: String?) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || candidate == tag || candidate == "W/" + tag
        }
    }
}
