import Foundation

/// Reads an activity file of any supported format.
///
/// A file may hold several activities (a triathlon's FIT sessions, a TCX history of
/// several `<Activity>`s, GPX tracks recorded days apart): `readAll` keeps them apart,
/// as an upload or `paceline analyze` does; `read` takes the file as one activity
/// (`Activity(joining:)`), as peers that do not split files do.
public enum ActivityReader {
    /// The most activities a TCX file may hold: a Training Center history of years is a
    /// few hundred.
    public static let maximumActivities = 1000

    /// The activities in the file at `url`; the format comes from the extension, or from
    /// the content when the extension says nothing.
    /// - Returns: at least one activity, in file order.
    /// - Throws: `ActivityFileError` with one line saying what is wrong.
    public static func readAll(contentsOf url: URL) throws -> [Activity] {
        let stream = try ByteStream(contentsOf: url)
        let format = ActivityFormat(pathExtension: url.pathExtension) ?? sniff(stream)
        if format == .gpx, let size = stream.totalBytes, let activities = GPXPieces.readAll(contentsOf: url, size: size) {
            return finish(activities)
        }
        return try readAll(stream, format: format)
    }

    /// The activities of an in-memory file (an upload), sniffing the format when
    /// `format` is nil.
    public static func readAll(_ data: Data, format: ActivityFormat? = nil) throws -> [Activity] {
        try readAll(ByteStream(data: data), format: format)
    }

    /// The activities of a file as `stream` gives it (an upload inflated as it is read),
    /// sniffing the format when `format` is nil. A source that stops early (corrupt, or
    /// past its limit) is reported as itself, not as the truncated file a reader sees.
    public static func readAll(_ stream: ByteStream, format: ActivityFormat? = nil) throws -> [Activity] {
        do {
            let activities = try readAll(stream, as: format ?? sniff(stream))
            if let failure = stream.sourceError { throw failure }
            return activities
        } catch {
            throw stream.sourceError ?? error
        }
    }

    /// The file at `url` as one activity.
    public static func read(contentsOf url: URL) throws -> Activity {
        Activity(joining: try readAll(contentsOf: url))
    }

    /// An in-memory file as one activity.
    public static func read(_ data: Data, format: ActivityFormat? = nil) throws -> Activity {
        Activity(joining: try readAll(data, format: format))
    }

    /// The file's activities, each with altitudes recorded apart from positions merged
    /// into them (`Track.mergingSeparateAltitudes`), its clock's jumps taken out
    /// (`Track.rebasingClockJumps`) and what its device counted at every timed fix
    /// (`Activity.countingDeviceDistance`).
    private static func readAll(_ stream: ByteStream, as format: ActivityFormat?) throws -> [Activity] {
        let activities: [Activity]
        switch format {
        case .gpx: activities = try GPXReader.readAll(stream)
        case .tcx: activities = try TCXReader.readAll(stream)
        case .fit: activities = try FITReader.readAll(stream)
        case nil:
            if stream.isAtEnd { throw ActivityFileError(.unsupportedFormat, "the file is empty") }
            throw ActivityFileError(.unsupportedFormat, "not a GPX, TCX or FIT file")
        }
        return finish(activities)
    }

    /// What every reader's activities go through.
    private static func finish(_ read: [Activity]) -> [Activity] {
        var activities = read
        for index in activities.indices {
            activities[index].track = activities[index].track.mergingSeparateAltitudes().rebasingClockJumps()
            activities[index] = activities[index].countingDeviceDistance()
        }
        return activities
    }

    /// The format the first kilobyte of `stream` says, if any (nothing is consumed).
    public static func sniff(_ stream: ByteStream) -> ActivityFormat? {
        _ = stream.require(1024)
        return ActivityFormat(sniffing: stream.buffer[stream.position..<min(stream.end, stream.position + 1024)])
    }
}
