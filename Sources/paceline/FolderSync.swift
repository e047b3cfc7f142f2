import ArgumentParser
import Foundation

/// The folders `paceline sync` keeps uploaded, looked at one look at a time: each activity
/// file not dealt with before and stopped growing is read, known by its SHA-256, and
/// uploaded unless those bytes were before (in any of the folders); what became of it is
/// kept in its folder's state file at once, so a sync stopped at any moment resumes where
/// it was.
final class FolderSync {
    /// A folder as given on the command line, and its state while it is there.
    private struct Folder {
        let path: String
        let stateFile: SyncStateFile
        var state: SyncState?
        /// Whether it was there at the last look; nil before the first.
        var wasThere: Bool?
        /// Whether it was said that its state can't be kept.
        var saidUnkept = false
    }

    /// What a look found besides the files it dealt with.
    struct Look {
        /// Every folder there (the given ones and those inside), to watch.
        var folders: [String] = []
        /// When a file still growing, or not yet seen twice, is to be looked at again.
        var nextLook: Date?
        /// Whether a given folder is not there.
        var folderMissing = false
        /// Why the server did not answer a file (the others then wait as well).
        var unanswered: String?
    }

    /// The largest file the server takes (its upload limit, 32 MiB): a bigger one is refused
    /// here, before it is read.
    static let largestUpload = 32 << 20

    private var folders: [Folder]
    private var settling: Settling
    private let server: String
    private let report: SyncReport
    private let send: (Data, String) async -> FileUpload.Outcome
    /// Every file dealt with in this sync.
    private(set) var tally = ImportTally()

    /// Syncs `folders` to `server` by `send` (a file's bytes and the name to show), a file
    /// once its stamp has stayed the same for `settle` seconds.
    init(folders: [String], server: String, settle: Double, report: SyncReport,
         send: @escaping (Data, String) async -> FileUpload.Outcome) {
        self.folders = folders.map { Folder(path: $0, stateFile: SyncStateFile(folder: $0)) }
        self.settling = Settling(seconds: settle)
        self.server = server
        self.report = report
        self.send = send
    }

    /// Looks at every folder once, dealing with each file that is ready, until `stop` is
    /// asked for or the server stops answering.
    /// - Throws: `ExitCode(77)` when the server refuses the token.
    func look(unless stop: StopSignals) async throws -> Look {
        var look = Look()
        var present = Set<String>()
        for index in folders.indices {
            let root = folders[index].path
            guard let scan = FolderScan(root: root) else {
                if folders[index].wasThere != false { Output.error("\(root) is not there (not mounted, or not made yet); waiting for it") }
                folders[index].wasThere = false
                folders[index].state = nil
                look.folderMissing = true
                continue
            }
            if folders[index].wasThere == false { Output.error("\(root) is there now") }
            folders[index].wasThere = true
            if folders[index].state == nil {
                folders[index].state = folders[index].stateFile.load(server: server, note: Output.error)
            }
            look.folders += scan.folders
            for (path, stamp) in scan.files {
                let full = (root as NSString).appendingPathComponent(path)
                present.insert(full)
                guard folders[index].state?.isDone(path, stamp) == false, settling.hasSettled(full, stamp, now: Date()),
                      !stop.requested, look.unanswered == nil else { continue }
                look.unanswered = try await deal(with: path, stamp, in: index)
            }
        }
        settling.keep(only: present)
        look.nextLook = settling.nextLook
        return look
    }

    /// Deals with the file `path` of folder `index`: reads it, then uploads it unless its
    /// bytes were dealt with before, and keeps what became of it. Returns why the server did
    /// not answer, when it did not (nothing is kept then: the file is sent again later).
    private func deal(with path: String, _ stamp: FileStamp, in index: Int) async throws -> String? {
        let root = folders[index].path
        let full = (root as NSString).appendingPathComponent(path)
        let data: Data
        do {
            // Never through a link, never past the server's limit (a bigger file would be
            // refused after it was all sent), never a FIFO or a device put in its place.
            data = try RegularFile.read(full, limit: Self.largestUpload)
        } catch {
            let reason = "can't read it: \((error as? RegularFile.Refused)?.description ?? error.localizedDescription)"
            settling.forget(full)  // dealt with: kept as unreadable until it changes
            folders[index].state?.files[path] = .init(stamp: stamp, unreadable: reason)
            tally.count(full, .failed(.file(reason)))
            report.notUploaded(full, reason)
            keep(index)
            return nil
        }
        // Written to while it was read: it has not stopped growing after all.
        guard FileStamp(path: full) == stamp else {
            settling.forget(full)
            return nil
        }
        settling.forget(full)
        let sha256 = FileUpload.key(of: data)
        if let (content, first) = content(sha256, preferring: index) {
            folders[index].state?.files[path] = .init(stamp: stamp, sha256: sha256)
            if folders[index].state?.contents[sha256] == nil {
                // Known from another folder: here, it was first seen as this file.
                folders[index].state?.contents[sha256] = .init(outcome: content.outcome, file: path, run: content.run,
                                                               reason: content.reason, at: content.at)
            }
            if first != full {
                if content.outcome == .refused {
                    let reason = "the same file as \(first), which the server refused: \(content.reason ?? "")"
                    tally.count(full, .failed(.file(reason)))
                    report.notUploaded(full, reason)
                } else {
                    tally.countUploadedBefore()
                    report.uploadedBefore(full, as: first)
                }
            }
            keep(index)
            return nil
        }
        let outcome = await send(data, full)
        let content: SyncState.Content
        switch outcome {
        case .created(let run):
            report.uploaded(full, run)
            content = .init(outcome: .uploaded, file: path, run: run.id, at: Date())
        case .existing(let run):
            report.onServer(full, run)
            content = .init(outcome: .onServer, file: path, run: run.id, at: Date())
        case .failed(let failure):
            switch failure.cause {
            case .unanswered: return failure.description
            case .token:
                Output.error("the server refused the token (\(failure)): log in again with `paceline login`")
                throw ExitCode(77)
            case .file:
                report.notUploaded(full, failure.description)
                content = .init(outcome: .refused, file: path, reason: failure.description, at: Date())
            }
        }
        tally.count(full, outcome)
        folders[index].state?.files[path] = .init(stamp: stamp, sha256: sha256)
        folders[index].state?.contents[sha256] = content
        keep(index)
        return nil
    }

    /// What became of the bytes `sha256`, and the file (as shown) they were first dealt with
    /// as: in folder `index`'s state, else in another's.
    private func content(_ sha256: String, preferring index: Int) -> (SyncState.Content, String)? {
        for folder in [folders[index]] + folders.enumerated().filter({ $0.offset != index }).map(\.element) {
            if let content = folder.state?.contents[sha256] {
                return (content, (folder.path as NSString).appendingPathComponent(content.file))
            }
        }
        return nil
    }

    /// Keeps folder `index`'s state in its file; says once when it can't (a read-only folder:
    /// after a restart its files are sent again, and the server answers them as duplicates).
    private func keep(_ index: Int) {
        guard let state = folders[index].state else { return }
        do {
            try folders[index].stateFile.save(state)
        } catch {
            guard !folders[index].saidUnkept else { return }
            folders[index].saidUnkept = true
            Output.error("\(error); what was uploaded from \(folders[index].path) is remembered only until this sync stops")
        }
    }
}
