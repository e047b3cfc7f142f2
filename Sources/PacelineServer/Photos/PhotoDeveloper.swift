import CVips
import Foundation
import NIOPosix

/// What is kept of a photo: a screen-sized JPEG and a square thumbnail, both re-encoded
/// from the pixels alone, so no metadata of the file sent (EXIF, its GPS position, XMP,
/// ICC, comments) survives.
package struct DevelopedPhoto: Sendable {
    package var screen: Data
    package var width: Int
    package var height: Int
    package var thumbnail: Data
}

/// Makes a photo's kept copies with libvips (`CVips`) on a thread of its own, never one
/// that SQLite or the rest of the server runs on, `PhotoLimits.developing` at a time per
/// instance. Only JPEG, PNG, WebP and HEIC are read, each by its own loader (libvips'
/// untrusted ones are blocked), after the bytes and the header alone have shown what
/// decoding it costs (`PhotoFormat.Demands`, `PhotoLimits`). The file is decoded once: the
/// thumbnail is made from the screen-sized copy.
package actor PhotoDeveloper {
    package static let shared = PhotoDeveloper()

    /// The thread photos are made on.
    private static let thread: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: PhotoLimits.developing)
        pool.start()
        return pool
    }()

    private var developing = 0
    private var queue: [CheckedContinuation<Void, Never>] = []

    /// Whether libvips is installed, and if not why (logged once at start).
    package static func availability() -> String? {
        var why = [CChar](repeating: 0, count: 256)
        return paceline_vips_start(&why, why.count) == 0 ? nil : String(cString: why)
    }

    /// The kept copies of `bytes` (at most `PhotoLimits.bytes`, which the request's body
    /// limit holds to).
    /// - Throws: 415 `unsupported_photo` for a file of another kind, 422 `unreadable_photo`
    ///   for a damaged or truncated one, 422 `photo_too_large` past the pixels, the memory
    ///   or the scans, 503 when libvips is missing or too many photos wait.
    package func develop(_ bytes: Data) async throws -> DevelopedPhoto {
        guard let format = PhotoFormat.sniff(bytes) else {
            throw Refusal(.unsupportedFormat, code: "unsupported_photo", message: "a photo must be a JPEG, PNG, WebP or HEIC image")
        }
        let demands = format.demands(of: [UInt8](bytes))
        guard demands.scans <= PhotoLimits.scans else {
            throw Refusal(.unprocessable, code: "photo_too_large",
                          message: "a JPEG may have at most \(PhotoLimits.scans) scans; this one has \(demands.scans)")
        }
        try await turn()
        defer { next() }
        try Task.checkCancellation()  // its client left while it waited
        return try await Self.thread.runIfActive { try Self.develop(bytes, as: format, demands: demands) }
    }

    private func turn() async throws {
        if developing < PhotoLimits.developing {
            developing += 1
            return
        }
        guard queue.count < PhotoLimits.waiting else {
            throw Refusal(.unavailable, code: "busy", message: "many photos are being made: try again in a few seconds", retryAfter: 5)
        }
        await withCheckedContinuation { queue.append($0) }
    }

    /// Hands the turn to the first waiting, or frees it.
    private func next() {
        if queue.isEmpty { developing -= 1 } else { queue.removeFirst().resume() }
    }

    private static func develop(_ bytes: Data, as format: PhotoFormat, demands: PhotoFormat.Demands) throws -> DevelopedPhoto {
        let screen = try bytes.withUnsafeBytes { buffer in
            var why = [CChar](repeating: 0, count: 512)
            var loader = [CChar](repeating: 0, count: 64)
            var width: Int32 = 0, height: Int32 = 0
            guard paceline_vips_start(&why, why.count) == 0 else {
                throw Refusal(.unavailable, code: "photos_unavailable",
                              message: "this instance can't take photos: \(String(cString: why))", retryAfter: 3600)
            }
            guard paceline_vips_probe(buffer.baseAddress, buffer.count, &loader, loader.count, &width, &height, &why, why.count) == 0 else {
                throw unreadable(why)
            }
            guard String(cString: loader) == format.loader else {
                throw Refusal(.unsupportedFormat, code: "unsupported_photo", message: "the file is not the \(format.rawValue.uppercased()) image it begins as")
            }
            let pixels = Int(width) * Int(height)
            guard width > 0, height > 0, pixels <= PhotoLimits.pixels else {
                throw Refusal(.unprocessable, code: "photo_too_large",
                              message: "a photo may have at most \(PhotoLimits.pixels / 1_000_000) megapixels; this one has \(pixels / 1_000_000)")
            }
            guard !demands.wholeImage || pixels * demands.bytesPerPixel <= PhotoLimits.decodedBytes else {
                throw Refusal(.unprocessable, code: "photo_too_large",
                              message: "this \(format.rawValue.uppercased()) is decoded whole: at \(pixels / 1_000_000) megapixels it is too large (save it as a baseline JPEG, or smaller)")
            }
            return try jpeg(buffer, side: PhotoLimits.screenSide, square: false, quality: 82)
        }
        let thumbnail = try screen.bytes.withUnsafeBytes { try jpeg($0, side: PhotoLimits.thumbnailSide, square: true, quality: 76) }
        return DevelopedPhoto(screen: screen.bytes, width: screen.width, height: screen.height, thumbnail: thumbnail.bytes)
    }

    private static func jpeg(_ buffer: UnsafeRawBufferPointer, side: Int, square: Bool, quality: Int) throws -> (bytes: Data, width: Int, height: Int) {
        var why = [CChar](repeating: 0, count: 512)
        var output: UnsafeMutableRawPointer?
        var length = 0
        var width: Int32 = 0, height: Int32 = 0
        guard paceline_vips_jpeg(buffer.baseAddress, buffer.count, Int32(side), square ? 1 : 0, Int32(quality),
                                 &output, &length, &width, &height, &why, why.count) == 0, let output else {
            throw unreadable(why)
        }
        defer { paceline_vips_free(output) }
        return (Data(bytes: output, count: length), Int(width), Int(height))
    }

    private static func unreadable(_ why: [CChar]) -> Refusal {
        let reason = String(cString: why).split(separator: "\n").first.map(String.init) ?? "libvips failed"
        return Refusal(.unprocessable, code: "unreadable_photo", message: "the photo can't be read: \(reason.prefix(200))")
    }
}
