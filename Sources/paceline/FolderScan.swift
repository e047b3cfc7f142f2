import Foundation
import PacelineArchives

/// One look at a synced folder: the activity files in it and in its folders, at any
/// depth, and those folders (to watch). Hidden names are passed over: the sync's own state
/// file, and what Syncthing keeps (`.stfolder`, `.stversions`, its `.syncthing.*.tmp` files
/// while they arrive). A symbolic link is not followed, to a folder (no loops) or to a file
/// (which could be any file the user may read, planted by whoever shares the folder).
struct FolderScan {
    /// Each activity file's path inside the folder (`Activity/2026-11-28-07-01-02.fit`), with its stamp.
    private(set) var files: [(path: String, stamp: FileStamp)] = []
    /// The folder and every folder in it, as full paths.
    private(set) var folders: [String] = []

    /// Looks at `root`; nil when it is not there (unmounted, or not made yet) or not a folder.
    init?(root: String) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        look(in: root, inside: "")
        files.sort { $0.path < $1.path }
    }

    private mutating func look(in folder: String, inside relative: String) {
        folders.append(folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            let inside = relative.isEmpty ? name : "\(relative)/\(name)"
            guard let kind = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else { continue }
            if kind == .typeDirectory {
                look(in: path, inside: inside)
            } else if kind == .typeRegular, ActivityFile.format(ofName: name) != nil, let stamp = FileStamp(path: path) {
                files.append((inside, stamp))
            }
        }
    }
}
