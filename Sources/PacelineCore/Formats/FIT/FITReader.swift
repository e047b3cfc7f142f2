import Foundation

/// Reads FIT activity files (Garmin/ANT Flexible and Interoperable Data Transfer).
///
/// ```swift
/// let activity = try FITReader.read(ByteStream(contentsOf: url))
/// ```
///
/// What is read:
/// - every `record` message becomes one `Fix`, with or without a position (time,
///   heart rate, cadence, speed, distance, power and altitude are kept either way);
///   `enhanced_speed` / `enhanced_altitude` win over `speed` / `altitude`, and
///   `compressed_speed_distance` (old foot-pod devices) is expanded, its distance
///   accumulated across 256 m rollovers;
/// - a timer stop event, a `session` message and each new file of a chained FIT file
///   start a new track segment; no record is ever dropped;
/// - `lap` messages become `laps`, `session` totals `deviceTotals`;
/// - several sessions that each say when they started (a triathlon: swim, transition,
///   ride, transition, run) are several activities, each with its records, laps, totals
///   and sport (`readAll`; `read` joins them, the totals summed and the sport `.other`
///   when they differ);
/// - the sport comes from the session, else from a `sport` message.
///
/// Times: FIT timestamps count seconds from 1989-12-31T00:00:00Z. Values below
/// 0x10000000 are device "system time" (seconds since power-on on devices without a
/// clock source); they are converted the same way, so such fixes fall in 1990–1998
/// with correct spacing but meaningless dates.
///
/// `hasBarometricElevation` is a heuristic: whether the device is barometric cannot
/// be known reliably from `file_id` (manufacturer/product lists go stale), so it is
/// true when some session reports `total_ascent` and some record carries altitude. A
/// device that totals its own ascent trusts its altitude: barometric devices do, and so
/// do GPS-only Garmins, whose recorded altitude is filtered on the device and as smooth
/// as an altimeter's; phone apps that write FIT (Strava's) leave `total_ascent` out.
///
/// The reader streams: it keeps only the fixes, laps and a few totals in memory, and
/// counts records, segments, laps, sessions, events and messages as it goes, stopping
/// at the first past `FileLimits`. Every CRC is checked; any structural problem throws
/// an `ActivityFileError` whose message names the byte offset.
public enum FITReader {
    /// Decodes a FIT activity file (possibly several chained FIT files) into its
    /// activities, one per session (at least one).
    ///
    /// - Throws: `ActivityFileError` — `.unsupportedFormat` when the bytes are not FIT,
    ///   `.checksumMismatch` for a header or file CRC mismatch, `.truncated` when the file
    ///   ends early, `.corrupt` for structural errors (undefined local message type,
    ///   corrupt chained header…), `.overLimit` past `FileLimits`.
    public static func readAll(_ stream: ByteStream) throws(ActivityFileError) -> [Activity] {
        var builder = FITActivityBuilder()
        var decoder = FITMessageDecoder(stream: stream)
        try decoder.decode(
            fileStart: { _ in builder.startFile() },
            visit: { (message) throws(ActivityFileError) in try builder.add(message) })
        return try builder.activities()
    }

    /// Decodes a FIT activity file as one activity (`Activity(joining:)`).
    public static func read(_ stream: ByteStream) throws(ActivityFileError) -> Activity {
        Activity(joining: try readAll(stream))
    }

    /// Decodes FIT bytes held in memory.
    public static func read(_ data: Data) throws(ActivityFileError) -> Activity {
        try read(ByteStream(data: data))
    }
}
