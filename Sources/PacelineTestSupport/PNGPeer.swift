import Foundation

/// Reads a PNG with code that is not ours, for tests of our encoder: Python walks the
/// chunks checking each CRC-32 with `zlib.crc32`, inflates the IDAT data with `zlib`
/// (which checks the Adler-32), and Pillow decodes the image.
///
/// ```swift
/// let decoded = try PNGPeer.decode(png, pixels: [(0, 0)])
/// // decoded.width == 1200, decoded.pixels == ["#eef3f1"]
/// ```
public enum PNGPeer {
    public struct Decoded: Sendable {
        public var width: Int
        public var height: Int
        public var mode: String
        public var chunks: [String]
        /// "#rrggbb" of each pixel asked for, in order.
        public var pixels: [String]
        /// Every pixel's bytes as hex, when asked for.
        public var rgbHex: String?
    }

    static let decoder = """
        import json, struct, sys, zlib
        from PIL import Image
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG signature'
        chunks, idat, offset = [], b'', 8
        while offset < len(data):
            length, kind = struct.unpack('>I4s', data[offset:offset + 8])
            body = data[offset + 8:offset + 8 + length]
            crc = struct.unpack('>I', data[offset + 8 + length:offset + 12 + length])[0]
            assert zlib.crc32(kind + body) == crc, 'bad CRC in ' + kind.decode()
            chunks.append(kind.decode())
            if kind == b'IDAT': idat += body
            offset += 12 + length
        zlib.decompress(idat)  # raises on a bad stream or Adler-32
        image = Image.open(sys.argv[1])
        image.load()
        pixels = [json.loads(p) for p in sys.argv[3:]]
        out = {"width": image.width, "height": image.height, "mode": image.mode, "chunks": chunks,
               "pixels": ['#%02x%02x%02x' % image.getpixel((x, y)) for x, y in pixels]}
        if sys.argv[2] == 'all': out["rgb"] = image.tobytes().hex()
        print(json.dumps(out))
        """

    /// Decodes `png` with Python and Pillow; `pixels` are (column, row).
    public static func decode(_ png: Data, pixels: [(Int, Int)] = [], allBytes: Bool = false) throws -> Decoded {
        let url = try PythonPeer.temporaryFile(named: "image.png", data: png)
        let arguments = [url.path, allBytes ? "all" : "some"] + pixels.map { "[\($0.0), \($0.1)]" }
        guard let json = try PythonPeer.runJSON(decoder, arguments: arguments, requiring: [.pillow]) as? [String: Any] else {
            throw PythonPeer.Failure(description: "the PNG decoder printed no object")
        }
        return Decoded(width: json["width"] as? Int ?? -1, height: json["height"] as? Int ?? -1, mode: json["mode"] as? String ?? "",
                       chunks: json["chunks"] as? [String] ?? [], pixels: json["pixels"] as? [String] ?? [],
                       rgbHex: json["rgb"] as? String)
    }
}
