import Foundation

/// A run of bytes inside the scanner's buffer: an element name, an attribute value
/// or a piece of text. Valid only during the handler call that received it.
struct XMLBytes {
    /// The bytes as they stand in the file.
    let raw: UnsafeBufferPointer<UInt8>
    /// Whether the bytes contain "&" (an entity or character reference to decode).
    let needsDecoding: Bool

    init(_ raw: UnsafeBufferPointer<UInt8>, needsDecoding: Bool) {
        self.raw = raw
        self.needsDecoding = needsDecoding
    }

    /// No bytes (the text of an element that has none).
    static var empty: XMLBytes { XMLBytes(UnsafeBufferPointer(start: nil, count: 0), needsDecoding: false) }

    /// Whether the name without its namespace prefix is `local` ("gpxtpx:hr" is local "hr").
    @inline(__always) func isLocal(_ local: StaticString) -> Bool {
        let n = local.utf8CodeUnitCount
        let count = raw.count
        guard count >= n else { return false }
        if count > n && raw[count - n - 1] != UInt8(ascii: ":") { return false }
        return memoryEqual(raw.baseAddress! + (count - n), local.utf8Start, n)
    }

    /// The text with entities decoded, or nil when an entity is unknown or unterminated.
    func decodedString() -> String? {
        guard needsDecoding else { return String(decoding: raw, as: UTF8.self) }
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let c = raw[i]
            guard c == UInt8(ascii: "&") else { out.append(c); i += 1; continue }
            guard let semicolon = raw[i...].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 12 else { return nil }
            let entity = String(decoding: raw[(i + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "amp": out.append(UInt8(ascii: "&"))
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let value: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    value = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    value = UInt32(entity.dropFirst())
                } else {
                    value = nil
                }
                guard let value, let scalar = Unicode.Scalar(value) else { return nil }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            }
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text, decoded, with surrounding white space removed; nil if empty.
    var trimmedString: String? {
        guard let text = decodedString()?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}

/// The attributes of one start tag.
struct XMLAttributes {
    struct Entry {
        let name: UnsafeBufferPointer<UInt8>
        let value: XMLBytes
    }

    let entries: UnsafeBufferPointer<Entry>

    /// The value of the attribute whose local name is `local`, if present.
    subscript(local: StaticString) -> XMLBytes? {
        for entry in entries where XMLBytes(entry.name, needsDecoding: false).isLocal(local) {
            return entry.value
        }
        return nil
    }
}
