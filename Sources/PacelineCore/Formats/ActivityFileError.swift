/// Why an activity file could not be read. The description is one line a person
/// can act on, such as "line 12: latitude 100 is outside -90…90".
public struct ActivityFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in broad terms; tests and the API map these to codes.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The bytes are not well-formed XML.
        case malformedXML
        /// Well-formed, but not what the format allows (bad number, out-of-range coordinate…).
        case invalidValue
        /// The file ends before its structure does.
        case truncated
        /// A FIT file's CRC does not match its bytes.
        case checksumMismatch
        /// The file is not of a format Paceline reads.
        case unsupportedFormat
        /// The file breaks the format's structure (undefined FIT message, bad header…).
        case corrupt
        /// The file could not be read from disk.
        case unreadable
        /// The file holds more than `FileLimits` allows (points, segments, laps…, or bytes
        /// once uncompressed); the message names the limit.
        case overLimit
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
