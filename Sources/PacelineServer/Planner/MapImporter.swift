import Fluent
import Foundation
import PacelineCore
import PacelineMaps

/// An OpenStreetMap extract made the instance's map: read (`ExtractGraph`), given the
/// elevation model's heights where its tiles are imported, and stored in place of the map
/// before (`MapImports`). `paceline map import` runs it; so do the tests.
package enum MapImporter {
    /// What an import tells as it goes.
    package enum Progress: Sendable {
        /// Reading the file: the stage and the percentage of the file read, by tens.
        case reading(ExtractGraph.Stage, percent: Int)
        /// Stretches stored so far, of all.
        case storing(Int, of: Int)
    }

    /// What an import made.
    package struct Outcome: Sendable {
        package var row: MapImport
        /// Kilometres of ways in the graph.
        package var kilometres: Double
        /// Nodes the ways name that the extract lacks.
        package var missingNodes: Int
    }

    /// Imports the extract at `url` into `database`.
    /// - Throws: `ExtractProblem` for a damaged file or one without a way a person may take; a database error.
    package static func run(_ url: URL, on database: any Database, progress: @escaping @Sendable (Progress) -> Void = { _ in }) async throws -> Outcome {
        let extract = OSMExtract(url: url)
        let size = try extract.size()
        var reported: Int?
        let graph = try ExtractGraph(reading: extract) { stage in
            let read: Int64
            switch stage {
            case .ways(let bytes), .nodes(let bytes): read = bytes
            case .stretches: read = size
            }
            let percent = size > 0 ? Int(read * 100 / size) / 10 * 10 : 100
            if case .stretches = stage { reported = nil } else if percent == reported { return } else { reported = percent }
            progress(.reading(stage, percent: percent))
        }
        guard !graph.stretches.isEmpty else { throw ExtractProblem.noWays }
        let model = try await ElevationTiles.model(under: tileCorners(of: graph.stretches), on: database)
        let stretches = graph.stretches.map { $0.elevated(by: model.elevation(at:)) }
        let row = try await MapImports.replace(with: stretches, ways: graph.ways, source: url.lastPathComponent, on: database) { written in
            if written % 50_000 < MapImports.batch || written == stretches.count { progress(.storing(written, of: stretches.count)) }
        }
        let kilometres = stretches.reduce(0) { $0 + Geodesy.length(of: $1.coordinates) } / 1000
        return Outcome(row: row, kilometres: kilometres, missingNodes: graph.missingNodes)
    }

    /// A coordinate in each square degree the stretches touch: the elevation tiles to read.
    static func tileCorners(of stretches: [RoutingGraph.Stretch]) -> [Coordinate] {
        var squares = Set<[Int]>()
        for stretch in stretches {
            for point in stretch.coordinates { squares.insert([Int(point.latitude.rounded(.down)), Int(point.longitude.rounded(.down))]) }
        }
        return squares.map { Coordinate(latitude: Double($0[0]) + 0.5, longitude: Double($0[1]) + 0.5) }
    }
}
