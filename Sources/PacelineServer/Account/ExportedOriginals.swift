import Fluent
import Foundation
import PacelineArchives

/// The originals of an account's export (`AccountExport`): each file byte for byte as it
/// was uploaded, once however many runs it made, at `originals/<sha256>.<extension>`, and
/// `originals.json`, which says what each run was made from.
struct ExportedOriginals {
    /// One line of `originals.json`: a run, and the file it was made from.
    struct Line: Encodable {
        var runId: String
        /// Where the file is in the archive.
        var file: String
        /// Which of the file's activities the run is, from 1.
        var activity: Int
        var format: String
        var sha256: String
        /// The file's size as uploaded.
        var bytes: Int
    }

    /// What is written of an original.
    private struct Written {
        var file: String
        var format: String
        var sha256: String
        var bytes: Int
    }

    private(set) var listing: [Line] = []
    private var written: [UUID: Written] = [:]

    /// Adds `run`'s original to `archive` unless it is there already, and lists it; a run
    /// without one is left out. One original is read at a time: an export holds one file's
    /// bytes, not a page's.
    mutating func add(of run: Run, to archive: ZipWriter, on database: any Database) async throws {
        guard let id = run.originalID else { return }
        let file: Written
        if let known = written[id] {
            file = known
        } else {
            guard let original = try await RunOriginal.original(of: run, on: database) else { return }
            file = Written(file: "originals/\(original.sha256).\(original.fileExtension)", format: original.format.rawValue,
                           sha256: original.sha256, bytes: original.byteCount)
            try archive.add(file.file, try RunOriginal.received(original))
            written[id] = file
        }
        listing.append(Line(runId: try run.requireID().apiID, file: file.file, activity: (run.originalActivity ?? 0) + 1,
                            format: file.format, sha256: file.sha256, bytes: file.bytes))
    }
}
