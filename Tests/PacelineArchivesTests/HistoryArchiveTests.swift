import Foundation
import PacelineArchives
import PacelineHarness
import PacelineCore
import PacelineTestSupport
import Testing

/// A history moved in: a Strava export's files with what activities.csv says of each, a
/// Garmin export's files inside its inner archive, a plain folder.
@Suite struct HistoryArchiveTests {
    private static func scratch(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("paceline-history-\(UUID().uuidString)-\(name)")
    }

    @Test func aStravaExportListsEachFileWithItsNameSportAndDescription() throws {
        let url = Self.scratch("export.zip")
        defer { try? FileManager.default.removeItem(at: url) }
        try SyntheticHistory.write(count: 6, minutes: 5, to: url, manualEntries: 2)
        let history = try HistoryArchive(contentsOf: url)
        #expect(history.files.map(\.path) == (0..<6).map { k in
            "activities/\(4_000_000_000 + k)." + ["fit.gz", "gpx", "tcx.gz"][k % 3]
        })
        #expect(history.files[0].listing?.name == "Morning run 0")
        #expect(history.files[4].listing?.sport == .ride)
        #expect(history.files[0].listing?.description == "Easy, then \"fast\"\nfinish")
        #expect(history.withoutFile.count == 2)
        // The bytes as kept (gzipped), read as the upload reads them.
        for (k, file) in history.files.enumerated() {
            let activity = try #require(try ActivityFile.readAll(try history.data(of: file)).first)
            #expect(activity.track.fixCount == 301, "\(file.path)")
            #expect(activity.track.fixes.first?.time == SyntheticHistory.activity(k, minutes: 5).track.fixes.first?.time)
        }
    }

    @Test func aGarminExportsInnerArchiveAndAFolderImportTheSameWay() throws {
        // Garmin: DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip holds the FIT files.
        let inner = Self.scratch("inner.zip")
        let outer = Self.scratch("garmin.zip")
        defer { for url in [inner, outer] { try? FileManager.default.removeItem(at: url) } }
        let innerZip = try ZipWriter(url: inner)
        for path in ["fit/2013-02-06-12-11-14.fit", "fit/garmin-fenix-5-run.fit"] {
            try innerZip.add("runner@example.org_\((path as NSString).lastPathComponent)", try Data(contentsOf: Fixtures.track(path)))
        }
        try innerZip.finish()
        let outerZip = try ZipWriter(url: outer)
        try outerZip.add("DI_CONNECT/DI-Connect-User/user_profile.json", Data("{}".utf8))
        try outerZip.add("DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip", try Data(contentsOf: inner))
        try outerZip.finish()
        let garmin = try HistoryArchive(contentsOf: outer)
        #expect(garmin.files.map(\.path) == [
            "DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/runner@example.org_2013-02-06-12-11-14.fit",
            "DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/runner@example.org_garmin-fenix-5-run.fit",
        ])
        #expect(try garmin.data(of: garmin.files[0]) == Data(contentsOf: Fixtures.track("fit/2013-02-06-12-11-14.fit")))

        // A folder of files, one in a subfolder, one not an activity.
        let folder = Self.scratch("folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("2019"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.track("gpx/run.gpx"), to: folder.appendingPathComponent("run.gpx"))
        try FileManager.default.copyItem(at: Fixtures.track("tcx/sample.tcx"), to: folder.appendingPathComponent("2019/sample.tcx"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let plain = try HistoryArchive(contentsOf: folder)
        #expect(Set(plain.files.map(\.path)) == ["run.gpx", "2019/sample.tcx"])
        #expect(plain.files.allSatisfy { $0.listing == nil })
    }

    @Test func whatCantBeReadInsideIsListedAndTheRestImports() throws {
        // An archive inside an archive inside the export (a quine or a bomb would recurse):
        // not opened, said so; a damaged inner archive: said so; the export's own files still listed.
        let innermost = Self.scratch("innermost.zip"), inner = Self.scratch("inner.zip"), outer = Self.scratch("outer.zip")
        defer { for url in [innermost, inner, outer] { try? FileManager.default.removeItem(at: url) } }
        let deepest = try ZipWriter(url: innermost)
        try deepest.add("deep.gpx", try Data(contentsOf: Fixtures.track("gpx/run.gpx")))
        try deepest.finish()
        let middle = try ZipWriter(url: inner)
        try middle.add("again.zip", try Data(contentsOf: innermost))
        try middle.finish()
        let export = try ZipWriter(url: outer)
        try export.add("activities/run.gpx", try Data(contentsOf: Fixtures.track("gpx/run.gpx")))
        try export.add("nested/UploadedFiles.zip", try Data(contentsOf: inner))
        try export.add("broken.zip", Data("not a zip".utf8))
        try export.finish()
        let history = try HistoryArchive(contentsOf: outer)
        #expect(history.files.map(\.path) == ["activities/run.gpx"])
        #expect(history.problems.map(\.path) == ["nested/UploadedFiles.zip/again.zip", "broken.zip"])
        #expect(history.problems[0].reason.contains("not opened"))

        // A folder's links are not followed (one could lead out of it), only regular files read.
        let folder = Self.scratch("links")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("secret.gpx"), withDestinationURL: Fixtures.track("gpx/run.gpx"))
        try FileManager.default.copyItem(at: Fixtures.track("tcx/sample.tcx"), to: folder.appendingPathComponent("mine.tcx"))
        #expect(try HistoryArchive(contentsOf: folder).files.map(\.path) == ["mine.tcx"])
    }

    @Test func neitherAnArchiveNorAFolderIsAClearError() throws {
        #expect { try HistoryArchive(contentsOf: URL(fileURLWithPath: "/nonexistent/export.zip")) } throws: {
            "\($0)".contains("does not exist")
        }
        #expect { try HistoryArchive(contentsOf: Fixtures.track("gpx/run.gpx")) } throws: {
            "\($0)".contains("not a ZIP archive")
        }
    }
}
