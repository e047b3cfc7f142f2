import Foundation

/// The text of one leaf element (`<ele>`, `<time>`, `<gpxtpx:hr>`…), gathered from
/// the scanner's pieces into a reusable buffer and read as the value it holds.
struct ElementText {
    private var bytes: [UInt8] = []
    private var needsDecoding = false

    init() { bytes.reserveCapacity(64) }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsDecoding = false
    }

    mutating func append(_ piece: XMLBytes) {
        bytes.append(contentsOf: piece.raw)
        needsDecoding = needsDecoding || piece.needsDecoding
    }

    /// Whether the element held only white space.
    var isBlank: Bool { bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } }

    /// The text with entities decoded and white space trimmed; nil when blank.
    var string: String? {
        bytes.withUnsafeBufferPointer { XMLBytes($0, needsDecoding: needsDecoding).trimmedString }
    }

    /// The number the element holds; nil when blank; throws when it is not a number.
    func double(_ element: String) throws -> Double? {
        if isBlank { return nil }
        guard let value = bytes.withUnsafeBufferPointer({ TextNumbers.double($0) }), value.isFinite else {
            throw XMLContentError(.invalidValue, "<\(element)> holds \"\(preview)\", which is not a number")
        }
        return value
    }

    /// The whole number the element holds; nil when blank; throws when it is not a number.
    func int(_ element: String) throws -> Int? {
        guard let value = try double(element) else { return nil }
        guard abs(value) < 1e9 else { throw XMLContentError(.invalidValue, "<\(element)> holds \(preview), which is out of range") }
        return Int(value.rounded())
    }

    /// The instant the element holds; nil when blank; throws when it is not an ISO 8601 time.
    func date(_ element: String) throws -> Date? {
        if isBlank { return nil }
        guard let value = bytes.withUnsafeBufferPointer({ TextNumbers.date($0) }) else {
            throw XMLContentError(.invalidValue, "<\(element)> holds \"\(preview)\", which is not an ISO 8601 time")
        }
        return value
    }

    private var preview: String { String(decoding: bytes.prefix(40), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// A value an `XMLHandler` refuses; the scanner adds the line number.
struct XMLContentError: Error {
    let kind: ActivityFileError.Kind
    let message: String

    init(_ kind: ActivityFileError.Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
