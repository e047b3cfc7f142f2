import Fluent
import Foundation

/// The map `paceline map import` last read: where it came from, when, what it holds. Its
/// stretches are rows of `map_stretches` (`MapImport.stretchesTable`), written and read in
/// bulk by `MapImports` and `MapGraphs`.
package final class MapImport: Model, @unchecked Sendable {
    package static let schema = "map_imports"
    static let stretchesTable = "map_stretches"

    @ID(key: .id) package var id: UUID?
    /// The extract's file name.
    @Field(key: "source") package var source: String
    @Field(key: "imported_at") package var importedAt: Date
    @Field(key: "ways") package var ways: Int
    @Field(key: "junctions") package var junctions: Int
    @Field(key: "stretches") package var stretches: Int
    @Field(key: "south") var south: Double
    @Field(key: "west") var west: Double
    @Field(key: "north") var north: Double
    @Field(key: "east") var east: Double
    /// Whether every point of its stretches has an elevation.
    @Field(key: "elevation") package var elevation: Bool

    package init() {}
}
