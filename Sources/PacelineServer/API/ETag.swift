import Crypto
import Foundation

/// Strong entity tags: the SHA-256 of the answer's JSON, so equal answers share a tag
/// and any change (an edit, a deletion) gives a new one.
enum ETag {
    static func of<Value: Encodable>(_ value: Value) throws -> String {
        let digest = SHA256.hash(data: try JSONEncoder.sortedKeys.encode(value))
        return "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }
}
