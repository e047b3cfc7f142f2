import Foundation
import PacelineCore

/// Reads an activity file as people keep them: GPX, TCX or FIT, each also gzipped
/// (`run.gpx.gz`, as in a Strava export). The format comes from the name without its
/// `.gz`, or from the content.
public enum ActivityFile {
    /// The most bytes a file may hold once uncompressed: 500,000 fixes of GPX with
    /// extensions are about 150 MB.
    public static let maximumUncompressedBytes = 256 << 20

    /// Reads the file at `url`.
    /// - Throws: `ActivityFileError` with one line saying what is wrong.
    public static func read(contentsOf url: URL) throws -> Activity {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ActivityFileError(.unreadable, "can't read the file: \(error.localizedDescription)")
        }
        let name = url.pathExtension.lowercased() == "gz" ? url.deletingPathExtension() : url
        return try read(data, format: ActivityFormat(pathExtension: name.pathExtension))
    }

    /// Reads `data`, gunzipping it first when it is gzip, sniffing the format when
    /// `format` is nil.
    public static func read(_ data: Data, format: ActivityFormat? = nil) throws -> Activity {
        try ActivityReader.read(uncompressed(data), format: format)
    }

    /// `data`, gunzipped when it is gzip.
    public static func uncompressed(_ data: Data) throws -> Data {
        Gzip.isCompressed(data) ? try Gzip.decompress(data, maximumBytes: maximumUncompressedBytes) : data
    }
}
