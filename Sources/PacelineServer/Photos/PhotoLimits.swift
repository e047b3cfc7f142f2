/// What a photo may be, and what is kept of it (docs/SECURITY.md, "Photos").
enum PhotoLimits {
    /// The largest file taken, bytes: a 48-megapixel phone JPEG is about 15 MB.
    static let bytes = 20 << 20
    /// The most pixels an image may declare (a decompression bomb declares millions more).
    static let pixels = 100_000_000
    /// The most memory an image decoded whole may take (`PhotoFormat.Demands.wholeImage`):
    /// 50 megapixels of HEIC or WebP, 42 of a progressive JPEG.
    static let decodedBytes = 256 << 20
    /// A JPEG's scans: a progressive one has about ten; each is decoded over the whole
    /// image, so thousands of tiny ones cost minutes of CPU in a file of a few megabytes.
    static let scans = 64
    /// Photos on one activity.
    static let perActivity = 10
    /// The screen-sized copy's longer side, pixels.
    static let screenSide = 1600
    /// The thumbnail's side (a square), pixels.
    static let thumbnailSide = 360
    /// Photos being made at once on one instance, on a thread of their own (never the
    /// threads SQLite and the rest of the server use); more wait, one per user.
    static let developing = 1
    /// Uploads that may wait for their turn, beyond which they are told to come back.
    static let waiting = 8
}
