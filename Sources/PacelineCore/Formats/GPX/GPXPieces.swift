import Foundation

/// Reads a long GPX file in pieces on several cores at once, with the same result as
/// reading it whole (`GPXReader.readAll`).
///
/// The file is cut just before a `<trkpt` near each of its evenly spaced points. The first
/// piece is read from the file's start; each later one as starting inside
/// `<gpx><trk><trkseg>`, between two points, which is where nearly every such cut falls in
/// a recording. Then the assumption is checked: each piece must have ended there too (the
/// same three elements open, nothing half read: a cut inside a comment, CDATA, another
/// element or under prefixed names fails it). The pieces are then joined, each continuing
/// the segment and track the one before left open.
///
/// When anything is in doubt (a cut not found, the check failing, any piece refusing its
/// text) this returns nil, and the caller reads the file whole: its errors then name the
/// line as always, and nothing is guessed.
enum GPXPieces {
    /// The least bytes worth a piece of its own (a thread, and a copy when pieces are joined).
    static let minimumPieceBytes = 1 << 20
    /// The most pieces read at once.
    static let maximumPieces = 4

    /// The activities of the GPX file at `url`, read in as many pieces as the machine has
    /// cores (at most `maximumPieces`, each of at least `minimumPieceBytes`); nil if the
    /// file is too short to cut, or must be read whole.
    static func readAll(contentsOf url: URL, size: Int) -> [Activity]? {
        let count = min(ProcessInfo.processInfo.activeProcessorCount, maximumPieces, size / minimumPieceBytes)
        guard count > 1 else { return nil }
        return readAll(contentsOf: url, cutsNear: (1..<count).map { size / count * $0 }, size: size)
    }

    /// The activities of the file at `url`, cut before the first `<trkpt` at or after each
    /// of `offsets` (ascending); nil if it must be read whole.
    static func readAll(contentsOf url: URL, cutsNear offsets: [Int], size: Int) -> [Activity]? {
        guard let cuts = try? pointStarts(in: url, atOrAfter: offsets, size: size) else { return nil }
        let starts = [0] + cuts
        let pieces = Pieces(count: starts.count)
        DispatchQueue.concurrentPerform(iterations: starts.count) { index in
            pieces.store(index, Result { try readPiece(url, from: starts[index], to: starts.dropFirst(index + 1).first, size: size) })
        }
        guard var whole = pieces.take(0) else { return nil }
        for index in 1..<starts.count {
            guard whole.isBetweenPointsOfSegment, let next = pieces.take(index) else { return nil }
            do { try whole.append(next) } catch { return nil }
        }
        return whole.activities()
    }

    /// The elements a later piece starts inside.
    private static let segmentElements: [StaticString] = ["gpx", "trk", "trkseg"]

    /// Reads `start..<end` of the file (to its end when `end` is nil). A piece that is not
    /// the last must end inside `segmentElements`.
    private static func readPiece(_ url: URL, from start: Int, to end: Int?, size: Int) throws -> GPXHandler? {
        let stream = try ByteStream(contentsOf: url, from: start, to: end)
        // The first piece's segment makes room for the whole file's fixes, which the later
        // pieces' are joined to; a later piece's, for its own.
        var handler = start == 0 ? GPXHandler(stream: stream, inputEnd: size) : GPXHandler(pieceOf: stream, insideSegmentUntil: end ?? size)
        let open = try XMLScanner.scanPiece(stream, into: &handler, inside: start == 0 ? [] : segmentElements, isLast: end == nil)
        if (end != nil && open != segmentElements.map(\.description)) || handler.needsWholeFile { return nil }
        return handler
    }

    /// The offset of the first `<trkpt` start tag at or after each of `offsets`, each
    /// after the last; throws if one is not found within a window.
    private static func pointStarts(in url: URL, atOrAfter offsets: [Int], size: Int) throws -> [Int] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let tag = Array("<trkpt".utf8)
        var cuts: [Int] = []
        for offset in offsets where offset > (cuts.last ?? 0) && offset < size {
            try handle.seek(toOffset: UInt64(offset))
            let window = [UInt8](try handle.read(upToCount: 1 << 16) ?? Data())
            guard let found = firstStartTag(tag, in: window) else { throw CocoaError(.fileReadCorruptFile) }
            cuts.append(offset + found)
        }
        guard !cuts.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
        return cuts
    }

    /// Where `tag` followed by white space first stands in `bytes`.
    private static func firstStartTag(_ tag: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count > tag.count else { return nil }
        for index in 0..<(bytes.count - tag.count) where bytes[index] == tag[0] {
            guard bytes[index..<index + tag.count].elementsEqual(tag) else { continue }
            switch bytes[index + tag.count] {
            case 0x20, 0x09, 0x0A, 0x0D: return index
            default: continue
            }
        }
        return nil
    }
}

/// The pieces' handlers as their threads finish them.
private final class Pieces: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<GPXHandler?, any Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func store(_ index: Int, _ result: Result<GPXHandler?, any Error>) {
        lock.withLock { results[index] = result }
    }

    /// Takes the handler of piece `index` out (so that its fixes are held once, and joining
    /// them copies nothing twice); nil if it failed or ended where it should not have.
    func take(_ index: Int) -> GPXHandler? {
        lock.withLock {
            defer { results[index] = nil }
            return (try? results[index]?.get()) ?? nil
        }
    }
}
