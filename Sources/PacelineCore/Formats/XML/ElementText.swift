import Foundation

/// The text of one leaf element (`<ele>`, `<time>`, `<gpxtpx:hr>`…), read as the
/// value it holds.
struct ElementText {
    private let bytes: XMLBytes

    init(_ bytes: XMLBytes) {
        self.bytes = bytes
    }

    /// Whether the element holds only white space.
    var isBlank: Bool { bytes.raw.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } }

    /// The text with entities decoded and white space trimmed; nil when blank.
    var string: String? { bytes.trimmedString }

    /// The text as a name kept with what was read (of an activity, a track, a waypoint):
    /// `string`, cut to `FileLimits.nameCharacters`, so 255 waypoints named with a
    /// megabyte each hold a quarter of a megabyte, not of a gigabyte.
    var name: String? {
        // Cut the bytes first: decoding a megabyte to keep a thousand characters is waste.
        let kept = XMLBytes(UnsafeBufferPointer(rebasing: bytes.raw.prefix(4 * FileLimits.nameCharacters)), needsDecoding: bytes.needsDecoding)
        return kept.trimmedString.map { String($0.prefix(FileLimits.nameCharacters)) }
    }

    /// The number the element holds; nil when blank; throws when it is not a number.
    func double(_ element: String) throws -> Double? {
        if let value = TextNumbers.double(bytes.raw), value.isFinite { return value }
        if isBlank { return nil }
        throw XMLContentError(.invalidValue, "<\(element)> holds \"\(preview)\", which is not a number")
    }

    /// The whole number the element holds; nil when blank; throws when it is not a number.
    func int(_ element: String) throws -> Int? {
        guard let value = try double(element) else { return nil }
        guard abs(value) < 1e9 else { throw XMLContentError(.invalidValue, "<\(element)> holds \(preview), which is out of range") }
        return Int(value.rounded())
    }

    /// The instant the element holds; nil when blank; throws when it is not an ISO 8601 time.
    func date(_ element: String) throws -> Date? {
        if let value = TextNumbers.date(bytes.raw) { return value }
        if isBlank { return nil }
        throw XMLContentError(.invalidValue, "<\(element)> holds \"\(preview)\", which is not an ISO 8601 time")
    }

    private var preview: String {
        String(decoding: bytes.raw.prefix(40), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
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
