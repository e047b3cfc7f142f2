import Foundation
import PacelineCore

/// A history moved in from another service: a Strava or Garmin bulk export (a .zip, or
/// the folder it unpacks to), or any folder of activity files. It lists the activity files
/// (.gpx, .tcx, .fit, each also .gz), looking into archives inside it (a Garmin export
/// keeps its files in UploadedFiles_…zip), and what activities.csv (Strava) says of each.
public final class HistoryArchive {
    /// One activity file in the history.
    public struct File: Sendable {
        /// Where it is, for people ("activities/123.fit.gz", "DI_CONNECT/…/Part1.zip/4711.fit").
        public let path: String
        /// What activities.csv says of it, if the history has one that lists it.
        public let listing: ActivityListing?
        fileprivate let location: Location
    }

    fileprivate enum Location: Sendable {
        case folder(URL)
        case zip(archive: Int, entry: Int)
    }

    /// The activity files, in the order the archive or folder lists them.
    public private(set) var files: [File] = []
    /// Activities activities.csv lists without a file (entered by hand on Strava).
    public private(set) var withoutFile: [ActivityListing] = []
    private var archives: [ZipArchive] = []
    private let scratch: URL

    /// The most bytes one activity file may hold, as an upload (the server's limit).
    public static let maximumFileBytes = 32 << 20

    /// Opens a .zip or a folder.
    /// - Throws: `ActivityFileError` when it is neither, or the archive is damaged.
    public init(contentsOf url: URL) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("paceline-import-\(UUID().uuidString)")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ActivityFileError(.unreadable, "\(url.path) does not exist")
        }
        var listings: [String: ActivityListing] = [:]
        var found: [(path: String, location: Location)] = []
        if isFolder.boolValue {
            let root = url.standardizedFileURL.path
            for case let file as URL in FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) ?? .init() {
                let path = String(file.standardizedFileURL.path.dropFirst(root.count + 1))
                if Self.isListing(path) {
                    try listings.merge(Self.listings(Data(contentsOf: file)), uniquingKeysWith: { first, _ in first })
                } else if Self.isActivityFile(path) {
                    found.append((path, .folder(file)))
                } else if file.pathExtension.lowercased() == "zip" {
                    found += try open(zipAt: file, named: path, listings: &listings)
                }
            }
        } else {
            found = try open(zipAt: url, named: nil, listings: &listings)
        }
        var listed = Set<String>()
        files = found.map { path, location in
            let key = Self.listingKey(path)
            let listing = listings[key]
            if listing != nil { listed.insert(key) }
            return File(path: path, listing: listing, location: location)
        }
        withoutFile = listings.filter { !listed.contains($0.key) && $0.value.file == nil }.map(\.value)
            .sorted { ($0.date ?? "") < ($1.date ?? "") }
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// The bytes of `file`, as they are kept (a .gz stays gzipped: the server reads it).
    public func data(of file: File) throws -> Data {
        switch file.location {
        case .folder(let url):
            let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            guard size <= Self.maximumFileBytes else { throw ActivityFileError(.invalidValue, "larger than \(Self.maximumFileBytes >> 20) MiB") }
            do { return try Data(contentsOf: url) } catch {
                throw ActivityFileError(.unreadable, "can't read it: \(error.localizedDescription)")
            }
        case .zip(let archive, let entry):
            let zip = archives[archive]
            return try zip.data(of: zip.entries[entry], maximumBytes: Self.maximumFileBytes)
        }
    }

    /// The activity files of the zip at `url`, and those of zips inside it (extracted to
    /// scratch space one at a time), the listings of any activities.csv merged in.
    private func open(zipAt url: URL, named name: String?, listings: inout [String: ActivityListing]) throws -> [(path: String, location: Location)] {
        let zip = try ZipArchive(contentsOf: url)
        let index = archives.count
        archives.append(zip)
        var found: [(path: String, location: Location)] = []
        for (number, entry) in zip.entries.enumerated() where !entry.isDirectory {
            let path = name.map { "\($0)/\(entry.path)" } ?? entry.path
            if Self.isListing(entry.path) {
                let data = try zip.data(of: entry, maximumBytes: 256 << 20)
                listings.merge(try Self.listings(data), uniquingKeysWith: { first, _ in first })
            } else if Self.isActivityFile(entry.path) {
                found.append((path, .zip(archive: index, entry: number)))
            } else if entry.path.lowercased().hasSuffix(".zip") {
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                let inner = scratch.appendingPathComponent("\(index)-\(number).zip")
                try zip.extract(entry, to: inner, maximumBytes: Int.max)
                found += try open(zipAt: inner, named: path, listings: &listings)
            }
        }
        return found
    }

    private static func isListing(_ path: String) -> Bool {
        (path as NSString).lastPathComponent.lowercased() == "activities.csv"
    }

    private static func isActivityFile(_ path: String) -> Bool {
        ActivityFile.format(ofName: (path as NSString).lastPathComponent) != nil
    }

    /// activities.csv names files from the export's root ("activities/123.gpx.gz"); the
    /// file's name alone matches it wherever the export was unpacked.
    private static func listingKey(_ path: String) -> String {
        (path as NSString).lastPathComponent.lowercased()
    }

    private static func listings(_ data: Data) throws -> [String: ActivityListing] {
        var byFile: [String: ActivityListing] = [:]
        for (number, listing) in try ActivityListing.strava(data).enumerated() {
            byFile[listing.file.map(listingKey) ?? "#\(number)"] = listing
        }
        return byFile
    }
}
