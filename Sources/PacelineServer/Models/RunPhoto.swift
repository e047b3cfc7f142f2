import Fluent
import Foundation

/// A photo on an activity, as kept: a screen-sized JPEG and a square thumbnail made from
/// its pixels alone (`PhotoDeveloper`), never the file sent, so no EXIF or GPS position
/// of the camera's is held. Seen by whoever may see its run (`RunAccess`); gone with it.
final class RunPhoto: Model, @unchecked Sendable {
    static let schema = "run_photos"

    @ID(key: .id) var id: UUID?
    @Parent(key: "run_id") var run: Run
    /// Its place among the run's photos, from 0, in the order they were added.
    @Field(key: "position") var position: Int
    /// The screen-sized copy's pixels.
    @Field(key: "width") var width: Int
    @Field(key: "height") var height: Int
    /// JPEG, at most `PhotoLimits.screenSide` on its longer side.
    @Field(key: "screen") var screen: Data
    /// JPEG, `PhotoLimits.thumbnailSide` square.
    @Field(key: "thumbnail") var thumbnail: Data
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}
