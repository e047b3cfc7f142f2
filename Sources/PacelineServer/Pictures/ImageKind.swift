import Foundation

/// The image formats a fetched picture may be, known by the bytes' own signature (never by
/// what a `Content-Type` header claims): JPEG, PNG and WebP, what every browser shows.
enum ImageKind: String, Sendable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case webp = "image/webp"

    /// The kind whose signature `bytes` start with; nil for anything else (HTML, SVG, GIF, a
    /// truncated file of under 12 bytes).
    init?(sniffing bytes: Data) {
        let head = [UInt8](bytes.prefix(12))
        guard head.count == 12 else { return nil }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if head.starts(with: Array("RIFF".utf8)) && Array(head[8..<12]) == Array("WEBP".utf8) { self = .webp }
        else { return nil }
    }

    /// The `Content-Type` it is served with.
    var contentType: String { rawValue }
}
