import Foundation
import PacelineArchives
import PacelineCore
import PacelineTestSupport
import Testing

/// gzipped activity files, made by the system's own `gzip`, read as their originals.
@Suite("gzipped activity files")
struct GzipTests {
    @Test("a .gz of GPX, TCX or FIT reads as the file itself", arguments: [
        "gpx/run.gpx", "tcx/garmin_connect.tcx", "fit/2013-02-06-12-11-14.fit",
    ])
    func readsAsOriginal(path: String) throws {
        let original = Fixtures.track(path)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let gz = directory.appendingPathComponent(original.lastPathComponent + ".gz")
        try SystemGzip.compress(Data(contentsOf: original)).write(to: gz)

        let plain = try ActivityReader.read(contentsOf: original)
        let unzipped = try ActivityFile.read(contentsOf: gz)
        #expect(unzipped.format == plain.format)
        #expect(unzipped.track == plain.track)
        #expect(unzipped.deviceTotals == plain.deviceTotals)
        // Without a telling name the content says what it is.
        let renamed = directory.appendingPathComponent("download.gz")
        try FileManager.default.copyItem(at: gz, to: renamed)
        #expect(try ActivityFile.read(contentsOf: renamed).track == plain.track)
    }

    @Test("concatenated gzip members are one file")
    func members() throws {
        let text = try String(contentsOf: Fixtures.track("gpx/run.gpx"), encoding: .utf8)
        let half = text.index(text.startIndex, offsetBy: text.count / 2)
        let joined = try SystemGzip.compress(Data(text[..<half].utf8)) + SystemGzip.compress(Data(text[half...].utf8))
        #expect(try Gzip.decompress(joined, maximumBytes: 1 << 30) == Data(text.utf8))
    }

    @Test("a cut, a corrupt and an overlarge gzip file are refused, each saying why")
    func refusals() throws {
        let compressed = try SystemGzip.compress(Data(contentsOf: Fixtures.track("gpx/run.gpx")))
        #expect(throws: ActivityFileError(.truncated, "the gzip file ends before its data does")) {
            try Gzip.decompress(compressed.prefix(compressed.count / 2), maximumBytes: 1 << 30)
        }
        var corrupt = compressed
        for index in 20..<60 { corrupt[index] ^= 0x5a }
        #expect { try Gzip.decompress(corrupt, maximumBytes: 1 << 30) } throws: { error in
            (error as? ActivityFileError)?.kind == .corrupt
        }
        // 8 MiB of spaces compress to about 8 KiB: a bomb is stopped at the limit.
        let bomb = try SystemGzip.compress(Data(repeating: 0x20, count: 8 << 20))
        #expect(bomb.count < 64 << 10)
        #expect(throws: ActivityFileError(.overLimit, "the file is larger than 1 MiB uncompressed, the most one file may hold")) {
            try Gzip.decompress(bomb, maximumBytes: 1 << 20)
        }
    }
}

@Suite("Gzip inflated as it is read")
struct GzipSourceTests {
    @Test("a file of 100,000 tiny members fills each read, not four bytes a read")
    func membersFillTheBuffer() throws {
        let member = try SystemGzip.compress(Data("<b/>".utf8))
        let file = Data((0..<100_000).map { _ in member }.joined())
        let stream = ActivityFile.stream(of: file)
        #expect(stream.require(64 << 10))
        #expect(stream.available >= 64 << 10, "\(stream.available) bytes after one read")
        var total = stream.available
        stream.position = stream.end
        while stream.require(1) { total += stream.available; stream.position = stream.end }
        #expect(total == 400_000 && stream.sourceError == nil)
    }
}
