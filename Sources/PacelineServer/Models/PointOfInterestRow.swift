import Fluent
import Foundation
import PacelineCore

/// A point of interest imported from a data set (`paceline poi import`), one row per
/// (`source`, `source_id`): importing again updates it.
final class PointOfInterestRow: Model, @unchecked Sendable {
    static let schema = "pois"

    @ID(key: .id) var id: UUID?
    @Field(key: "source") var source: String
    @Field(key: "source_id") var sourceID: String
    @Field(key: "title") var title: String
    /// `title` folded for search (`SearchName`); set on every save.
    @Field(key: "search_title") var searchTitle: String
    @OptionalField(key: "inscription") var inscription: String?
    /// Indexed with `longitude` (`pois_position`): a box query is a range scan.
    @Field(key: "latitude") var latitude: Double
    @Field(key: "longitude") var longitude: Double
    /// The people or things it commemorates.
    @JSONText(key: "subjects", absent: []) var subjects: [PointOfInterest.Subject]
    @OptionalField(key: "erected_year") var erectedYear: Int?
    @OptionalField(key: "photo_url") var photoURL: String?
    /// Who took the photo, and its licence (`PointOfInterest.photoCredit`).
    @OptionalField(key: "photo_credit") var photoCredit: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}
}
