import Foundation

extension Fixtures {
    /// A point-of-interest data set in `Tests/Fixtures/poi/` (see its README), e.g.
    /// `poi("open-plaques-sample.csv")`.
    public static func poi(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/poi").appendingPathComponent(name)
    }
}
