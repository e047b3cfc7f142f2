/// The kinds of image a photo may come as, told by their first bytes (never by the name
/// or the declared type), each read by one libvips loader and no other.
enum PhotoFormat: String, CaseIterable, Sendable {
    case jpeg, png, webp, heic

    /// What decoding a file costs, read from its bytes before libvips sees it.
    struct Demands: Sendable, Equatable {
        /// Whether the decoder holds the whole image at once (a progressive or multi-scan
        /// JPEG's coefficients, an interlaced PNG, WebP and HEIC), rather than streaming
        /// rows at a time (a baseline JPEG, shrunk on load; a plain PNG).
        var wholeImage: Bool
        /// Bytes per pixel held when decoded whole.
        var bytesPerPixel: Int
        /// A JPEG's scans (each is decoded over the whole image); 1 otherwise.
        var scans: Int
    }

    /// The format `bytes` begin as, if one of these.
    static func sniff(_ bytes: some Collection<UInt8>) -> PhotoFormat? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        // ISO base media: a `ftyp` box whose major brand is a still HEIF image's (not AVIF,
        // not an image sequence: their decoders are not offered).
        if head.count == 12, Array(head[4..<8]) == Array("ftyp".utf8),
           let brand = String(bytes: head[8..<12], encoding: .ascii),
           ["heic", "heix", "heim", "heis", "mif1"].contains(brand) { return .heic }
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

    /// What decoding `bytes`, of this format, costs.
    /// - Complexity: O(n): a JPEG's markers are counted over the whole file (in its
    ///   entropy-coded data a 0xFF is always followed by 0x00 or a restart marker, so
    ///   0xFF 0xDA is a scan's start and nothing else).
    func demands(of bytes: [UInt8]) -> Demands {
        switch self {
        case .jpeg:
            var scans = 0, progressive = false
            var index = 0
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF {
                    switch bytes[index + 1] {
                    case 0xDA: scans += 1
                    case 0xC2, 0xC6, 0xCA, 0xCE: progressive = true
                    default: break
                    }
                }
                index += 1
            }
            return Demands(wholeImage: progressive || scans > 1, bytesPerPixel: 6, scans: max(scans, 1))
        case .png:
            // IHDR: bit depth at 24, colour type at 25, interlace at 28.
            guard bytes.count > 28 else { return Demands(wholeImage: true, bytesPerPixel: 8, scans: 1) }
            let depth = max(Int(bytes[24]), 8) / 8
            let channels = switch bytes[25] { case 0: 1; case 2: 3; case 4: 2; default: 4 }
            return Demands(wholeImage: bytes[28] != 0, bytesPerPixel: channels * depth, scans: 1)
        case .webp, .heic:
            return Demands(wholeImage: true, bytesPerPixel: 4, scans: 1)
        }
    }
}
