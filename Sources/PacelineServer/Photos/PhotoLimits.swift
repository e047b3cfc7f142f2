/// What a photo on an activity may be, and what is kept of it (docs/SECURITY.md, "Photos").
enum PhotoLimits {
    /// The largest file taken, bytes: a 48-megapixel phone JPEG is about 15 MB.
    static let bytes = 20 << 20
    /// The most pixels an image may declare (a decompression bomb declares millions more).
    static let pixels = 100_000_000
    /// Photos on one activity.
    static let perActivity = 10
    /// The screen-sized copy's longer side, pixels.
    static let screenSide = 1600
    /// The thumbnail's side (a square), pixels.
    static let thumbnailSide = 360
    /// Photos being made at once on one instance; more wait, and past `waiting` are told to come back.
    static let developing = 2
    /// Uploads that may wait for their turn.
    static let waiting = 8
}
