import Foundation
import PacelineCore

/// Reads an activity file as people keep them: GPX, TCX or FIT, each also gzipped
/// (`run.gpx.gz`, as in a Strava export). The format comes from the name without its
/// `.gz`, or from the content.
public enum ActivityFile {
    /// The most bytes a file may hold once uncompressed: 500,000 fixes of GPX with
    /// extensions are about 150 MB.
    public static let maximumUncompressedBytes = 256 << 20

    /// The activities in the file at `url` (several for a triathlon's FIT, a TCX history…).
    /// - Throws: `ActivityFileError` with one line saying what is wrong.
    ///
    /// A plain file is read in chunks as it is parsed (a 10 MB GPX is never held whole:
    /// reading it into memory first was a quarter of `paceline analyze`'s time); a gzipped
    /// one is read into memory and inflated as it is parsed.
    public static func readAll(contentsOf url: URL) throws -> [Activity] {
        let head: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            head = try handle.read(upToCount: 2) ?? Data()
        } catch {
            throw ActivityFileError(.unreadable, "can't read the file: \(error.localizedDescription)")
        }
        guard Gzip.isCompressed(head) else {
            return try ActivityReader.readAll(contentsOf: url)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ActivityFileError(.unreadable, "can't read the file: \(error.localizedDescription)")
        }
        return try readAll(data, format: format(ofName: url.lastPathComponent))
    }

    /// The activities in `data`, inflated as it is read when it is gzip, the format sniffed
    /// when `format` is nil.
    public static func readAll(_ data: Data, format: ActivityFormat? = nil) throws -> [Activity] {
        try ActivityReader.readAll(stream(of: data), format: format)
    }

    /// `data` as a reader takes it: inflated as it is read when it is gzip (at most
    /// `maximumUncompressedBytes`), so that a reader stopping at `FileLimits` never holds
    /// the whole file uncompressed.
    public static func stream(of data: Data) -> ByteStream {
        guard Gzip.isCompressed(data) else { return ByteStream(data: data) }
        return ByteStream(source: GzipSource(data, maximumBytes: maximumUncompressedBytes))
    }

    /// The file at `url` as one activity (`Activity(joining:)`).
    public static func read(contentsOf url: URL) throws -> Activity {
        Activity(joining: try readAll(contentsOf: url))
    }

    /// The format a file's name says, looking past a `.gz` (`run.fit.gz` is FIT).
    public static func format(ofName name: String) -> ActivityFormat? {
        let url = URL(fileURLWithPath: name)
        return ActivityFormat(pathExtension: (url.pathExtension.lowercased() == "gz" ? url.deletingPathExtension() : url).pathExtension)
    }
}
