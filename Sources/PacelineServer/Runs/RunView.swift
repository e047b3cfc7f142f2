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
    func eTag(of document: String) throws -> String {
        ETag.of(bytes: Data(document.utf8) + (try JSONEncoder.sortedKeys.encode(self)))
    }
}
