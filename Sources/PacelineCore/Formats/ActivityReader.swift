import Foundation

/// Reads an activity file of any supported format.
public enum ActivityReader {
    /// Reads the file at `url`; the format comes from the extension, or from the
    /// content when the extension says nothing.
    /// - Throws: `ActivityFileError` with one line saying what is wrong.
    public static func read(contentsOf url: URL) throws -> Activity {
        let stream = try ByteStream(contentsOf: url)
        let format = ActivityFormat(pathExtension: url.pathExtension) ?? sniff(stream)
        return try read(stream, format: format)
    }

    /// Reads an in-memory file (an upload), sniffing the format when `format` is nil.
    public static func read(_ data: Data, format: ActivityFormat? = nil) throws -> Activity {
        let stream = ByteStream(data: data)
        return try read(stream, format: format ?? sniff(stream))
    }

    /// The file's activity, with altitudes recorded apart from positions merged into
    /// them (`Track.mergingSeparateAltitudes`).
    private static func read(_ stream: ByteStream, format: ActivityFormat?) throws -> Activity {
        var activity: Activity
        switch format {
        case .gpx: activity = try GPXReader.read(stream)
        case .tcx: activity = try TCXReader.read(stream)
        case .fit: activity = try FITReader.read(stream)
        case nil:
            if stream.isAtEnd { throw ActivityFileError(.unsupportedFormat, "the file is empty") }
            throw ActivityFileError(.unsupportedFormat, "not a GPX, TCX or FIT file")
        }
        activity.track = activity.track.mergingSeparateAltitudes()
        return activity
    }

    private static func sniff(_ stream: ByteStream) -> ActivityFormat? {
        _ = stream.require(1024)
        return ActivityFormat(sniffing: stream.buffer[stream.position..<min(stream.end, stream.position + 1024)])
    }
}
