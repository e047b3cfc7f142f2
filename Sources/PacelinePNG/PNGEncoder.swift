import CZlib
import Foundation

/// Encodes an 8-bit RGB image as PNG: IHDR, one IDAT (compressed by the system's zlib),
/// IEND, each chunk with its CRC-32 (zlib's).
///
/// Each row is filtered (None, Sub, Up, Average or Paeth) by the usual heuristic: the
/// filter whose output has the smallest sum of absolute values, taking bytes as signed.
/// Flat areas then become runs of zeros that DEFLATE codes in a few bits per 258 bytes.
///
/// ```swift
/// let png = PNGEncoder.encode(rgb: [UInt8](repeating: 255, count: 3 * 4), width: 2, height: 2)
/// // 0x89 "PNG" …: a 2 × 2 white image, about 70 bytes
/// ```
/// - Complexity: O(width × height).
public enum PNGEncoder {
    /// The PNG of the `width` × `height` image whose rows of RGB bytes, top first, are
    /// `rgb` (`3 × width × height` bytes).
    public static func encode(rgb: [UInt8], width: Int, height: Int) -> Data {
        precondition(width > 0 && height > 0 && rgb.count == 3 * width * height, "rgb must hold 3 × width × height bytes")
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlib(filtered(rgb: rgb, width: width, height: height)), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// The rows, each with its filter type byte first.
    static func filtered(rgb: [UInt8], width: Int, height: Int) -> [UInt8] {
        let stride = 3 * width
        var output = [UInt8](repeating: 0, count: (stride + 1) * height)
        var candidate = [UInt8](repeating: 0, count: stride)
        var best = [UInt8](repeating: 0, count: stride)
        let zeros = [UInt8](repeating: 0, count: stride)
        rgb.withUnsafeBufferPointer { image in
            for row in 0..<height {
                let current = UnsafeBufferPointer(rebasing: image[(row * stride)..<((row + 1) * stride)])
                let above = row == 0 ? nil : UnsafeBufferPointer(rebasing: image[((row - 1) * stride)..<(row * stride)])
                var bestType: UInt8 = 0, bestSum = Int.max
                for type in UInt8(0)...4 {
                    let sum = zeros.withUnsafeBufferPointer { zero in
                        candidate.withUnsafeMutableBufferPointer { out in
                            apply(type, current, above ?? zero, into: out)
                        }
                    }
                    if sum < bestSum {
                        bestSum = sum
                        bestType = type
                        swap(&best, &candidate)
                    }
                }
                let start = row * (stride + 1)
                output[start] = bestType
                output.replaceSubrange((start + 1)..<(start + 1 + stride), with: best)
            }
        }
        return output
    }

    /// Filters one row with `type` into `out`; returns the sum of |byte as Int8|.
    private static func apply(_ type: UInt8, _ row: UnsafeBufferPointer<UInt8>, _ above: UnsafeBufferPointer<UInt8>,
                              into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var sum = 0
        for index in 0..<row.count {
            let x = row[index]
            let a = index >= 3 ? row[index - 3] : 0, b = above[index], c = index >= 3 ? above[index - 3] : 0
            let predictor: UInt8
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = UInt8((Int(a) + Int(b)) / 2)
            default: predictor = paeth(a, b, c)
            }
            let value = x &- predictor
            out[index] = value
            sum += value < 128 ? Int(value) : 256 - Int(value)
        }
        return sum
    }

    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout Data) {
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: bigEndian(UInt32(data.count)))
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        png.append(contentsOf: bigEndian(crc32(typeBytes + data)))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `bytes` as a zlib stream (RFC 1950: DEFLATE with header and Adler-32) at level 9:
    /// a preview is drawn once per shared link and cached, so its size counts more than
    /// the few milliseconds level 9 costs over the default.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        // compressBound is enough for any input, and memory for zlib's state is small: a
        // failure here is a broken zlib, not bad input.
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        return Array(output[..<Int(length)])
    }

    /// CRC-32 (ISO 3309, the one PNG and zip use) of `bytes`, by zlib.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
