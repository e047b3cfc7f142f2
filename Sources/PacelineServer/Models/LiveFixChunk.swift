import Fluent
import Foundation

/// Fixes a live connection received, stored together: sequences `firstSequence` through
/// `lastSequence` of one follow or session member, as a `CompactTrack` blob. Only stored
/// fixes are acknowledged, so what a client forgets is never lost.
final class LiveFixChunk: Model, @unchecked Sendable {
    static let schema = "live_fix_chunks"

    @ID(key: .id) var id: UUID?
    /// The `LiveFollow` or `LiveMember` the fixes belong to.
    @Field(key: "owner_id") var ownerID: UUID
    @Field(key: "first_sequence") var firstSequence: Int
    @Field(key: "last_sequence") var lastSequence: Int
    @Field(key: "fixes") var fixes: Data

    init() {}
}
