import Foundation
import PacelineAPI

/// `RunSeries` as `getRunSeries` answers it, decoded: the generated client hands over the
/// answer's bytes as they are (`StoredDocument`, the schema's type override).
public struct SeriesDocument: Decodable, Sendable {
    public var runId: String
    public var points: [Components.Schemas.SeriesPoint]
}

extension StoredDocument {
    /// The series these bytes hold (a client that sent no `Accept-Encoding` gets them plain).
    public func series() throws -> SeriesDocument {
        try JSONDecoder().decode(SeriesDocument.self, from: bytes)
    }
}
