import Foundation

/// A place worth passing on a walk, e.g. a commemorative plaque, as a data set describes it.
///
/// `source` and `sourceID` identify it across imports: importing the same data set again
/// updates it instead of adding a second one.
public struct PointOfInterest: Sendable, Hashable {
    /// The data set it comes from, e.g. "openplaques".
    public var source: String
    /// Its id in that data set (Open Plaques: the plaque number).
    public var sourceID: String
    public var title: String
    /// The text on the plaque, when the data set has it.
    public var inscription: String?
    public var coordinate: Coordinate
    /// The people or things it commemorates.
    public var subjects: [Subject]
    /// The year it was put up.
    public var erectedYear: Int?
    /// A photo of it (http or https).
    public var photoURL: String?
    /// Who took the photo, and under which licence, as the data set says
    /// ("Jane Doe, CC BY-SA 2.0"): only a credited photo is copied and shown by the instance.
    public var photoCredit: String?

    /// Someone or something a point of interest commemorates.
    public struct Subject: Sendable, Hashable, Codable {
        public var name: String
        /// Their Wikipedia page, when the data set links one.
        public var wikipediaURL: String?

        public init(name: String, wikipediaURL: String? = nil) {
            self.name = name
            self.wikipediaURL = wikipediaURL
        }
    }

    public init(
        source: String, sourceID: String, title: String, inscription: String? = nil, coordinate: Coordinate,
        subjects: [Subject] = [], erectedYear: Int? = nil, photoURL: String? = nil, photoCredit: String? = nil
    ) {
        self.source = source
        self.sourceID = sourceID
        self.title = title
        self.inscription = inscription
        self.coordinate = coordinate
        self.subjects = subjects
        self.erectedYear = erectedYear
        self.photoURL = photoURL
        self.photoCredit = photoURL == nil ? nil : photoCredit
    }
}
