import Crypto
import Foundation
import PacelineCore

/// A run as one viewer sees it: which run, which edit of it, and which of its owner's
/// privacy zones are hidden. A document made from a run (its track, a share card) depends
/// on nothing else, so this is what such a document is kept by (`RecentBytes`) and what its
/// ETag is made from, without reading the track.
struct RunView: Hashable, Sendable, Encodable {
    let run: UUID
    /// When the run was last edited (a new name or sport changes its documents).
    let edited: Date?
    /// The owner's zones hidden from the viewer: none for the owner.
    let hidden: [PrivacyZone]

    /// `run` as `viewer` sees it; the owner must be loaded.
    init(_ run: Run, seenBy viewer: UUID?) throws {
        self.run = try run.requireID()
        edited = run.updatedAt
        hidden = run.zones(hiddenFrom: viewer)
    }

    /// The ETag of the `document` ("track", "series", "gpx"…) made from this view.
    ///
    /// A keyed hash (HMAC-SHA-256 with a key this process draws at start), not a plain
    /// one: the view holds the owner's zones, and a plain hash of it would let anyone who
    /// sees the run test guesses of their centres offline. A restart draws a new key, so a
    /// client's tag is answered with the document once more. `documents` is the version of
    /// how documents are written: a change to the writers (or to what a zone hides) must
    /// raise it, so no browser keeps an old document on a 304.
    func eTag(of document: String) throws -> String {
        let message = Data("\(Self.documents)|\(document)|".utf8) + (try JSONEncoder.sortedKeys.encode(self))
        let code = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Self.key))
        return "\"" + Data(code).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// The version of the documents' writers (GeoJSON, series, GPX, TCX, FIT): 2 since
    /// zones hide their drawn circles and others' series start at the first point shown.
    static let documents = 2

    /// 256 random bits, drawn once per process.
    private static let key = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
}
