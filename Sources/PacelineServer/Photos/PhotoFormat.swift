/// The kinds of image a photo may come as, told by their first bytes (never by the name
/// or the declared type), each read by one libvips loader and no other.
enum PhotoFormat: String, CaseIterable, Sendable {
    case jpeg, png, webp, heic

    /// The format `bytes` begin as, if one of these.
    static func sniff(_ bytes: some Collection<UInt8>) -> PhotoFormat? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        // ISO base media: a `ftyp` box whose brand is HEIF's or AVIF's.
        if head.count == 12, Array(head[4..<8]) == Array("ftyp".utf8),
           let brand = String(bytes: head[8..<12], encoding: .ascii),
           ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"].contains(brand) { return .heic }
        return nil
    }

    /// The libvips loader that must be the one to read it.
    var loader: String {
        switch self {
        case .jpeg: "VipsForeignLoadJpegBuffer"
        case .png: "VipsForeignLoadPngBuffer"
        case .webp: "VipsForeignLoadWebpBuffer"
        case .heic: "VipsForeignLoadHeifBuffer"
        }
    }
}
