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
    /// What could not be read of the history itself (an inner archive, a damaged
    /// activities.csv), with the reason; the rest is still listed.
    public private(set) var problems: [(path: String, reason: String)] = []
    private var archives: [ZipArchive] = []
    private let scratch: URL

    /// The most bytes one activity file may hold, as an upload (the server's limit).
    public static let maximumFileBytes = 32 << 20
    /// The most bytes an archive inside the archive may hold once extracted (Garmin's
    /// parts are some hundreds of megabytes).
    public static let maximumInnerArchiveBytes = 8 << 30

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
            let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            for case let file as URL in enumerator ?? .init() {
                let path = String(file.standardizedFileURL.path.dropFirst(root.count + 1))
                // Regular files only: a link could lead out of the folder, a FIFO never ends.
                let kind = try? file.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
                guard kind?.isRegularFile == true, kind?.isSymbolicLink != true else { continue }
                do {
                    if Self.isListing(path) {
                        try listings.merge(Self.listings(Self.contents(of: file, maximumBytes: 256 << 20)), uniquingKeysWith: { first, _ in first })
                    } else if Self.isActivityFile(path) {
                        found.append((path, .folder(file)))
                    } else if file.pathExtension.lowercased() == "zip" {
                        found += try open(zipAt: file, named: path, listings: &listings, nested: true)
                    }
                } catch {
                    problems.append((path, "\(error)"))
                }
            }
        } else {
            found = try open(zipAt: url, named: nil, listings: &listings, nested: false)
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
            return try Self.contents(of: url, maximumBytes: Self.maximumFileBytes)
        case .zip(let archive, let entry):
            let zip = archives[archive]
            return try zip.data(of: zip.entries[entry], maximumBytes: Self.maximumFileBytes)
        }
    }

    /// The file at `url`, at most `maximumBytes` of it (read through a handle: a file can
    /// grow while it is read).
    private static func contents(of url: URL, maximumBytes: Int) throws -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else { throw ActivityFileError(.invalidValue, "larger than \(maximumBytes >> 20) MiB") }
            return data
        } catch let error as ActivityFileError {
            throw error
        } catch {
            throw ActivityFileError(.unreadable, "can't read it: \(error.localizedDescription)")
        }
    }

    /// The activity files of the zip at `url`, and those of zips inside it (one level
    /// down, each extracted to scratch space in turn), the listings of any activities.csv
    /// merged in. What can't be read inside is noted in `problems`.
    private func open(
        zipAt url: URL, named name: String?, listings: inout [String: ActivityListing], nested: Bool
    ) throws -> [(path: String, location: Location)] {
        let zip = try ZipArchive(contentsOf: url)
        let index = archives.count
        archives.append(zip)
        var found: [(path: String, location: Location)] = []
        for (number, entry) in zip.entries.enumerated() where !entry.isDirectory {
            let path = name.map { "\($0)/\(entry.path)" } ?? entry.path
            do {
                if Self.isListing(entry.path) {
                    let data = try zip.data(of: entry, maximumBytes: 256 << 20)
                    listings.merge(try Self.listings(data), uniquingKeysWith: { first, _ in first })
                } else if Self.isActivityFile(entry.path) {
                    found.append((path, .zip(archive: index, entry: number)))
                } else if entry.path.lowercased().hasSuffix(".zip") {
                    guard !nested else { throw ActivityFileError(.unsupportedFormat, "an archive inside an archive inside the export: not opened") }
                    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                    let inner = scratch.appendingPathComponent("\(index)-\(number).zip")
                    try zip.extract(entry, to: inner, maximumBytes: Self.maximumInnerArchiveBytes)
                    found += try open(zipAt: inner, named: path, listings: &listings, nested: true)
                }
            } catch {
                problems.append((path, "\(error)"))
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
