import Foundation

/// A grid over a route's checkpoints, so the ones near a position are found without
/// scanning the route: the cost of a lookup depends on how often the route passes
/// that spot, never on its length.
struct CheckpointIndex: Sendable {
    private let degreesPerCellNorth: Double
    private let degreesPerCellEast: Double
    private var cells: [Cell: [Int]] = [:]

    private struct Cell: Hashable {
        var row: Int
        var column: Int
    }

    /// Indexes `checkpoints` in cells of `cellSize` metres: a lookup searches the 3 × 3
    /// cells around a position, so it finds every checkpoint within `cellSize` of it.
    /// - Complexity: O(n).
    init(_ checkpoints: [Checkpoint], cellSize: Double) {
        let latitude = checkpoints.first?.coordinate.latitude ?? 0
        degreesPerCellNorth = cellSize / 111_132
        // Cells stay at least `cellSize` wide east-west over the whole route: the
        // narrowest longitude degree is at the latitude farthest from the equator.
        let farthest = checkpoints.map { abs($0.coordinate.latitude) }.max() ?? abs(latitude)
        degreesPerCellEast = cellSize / (111_320 * max(cos(min(farthest + 0.5, 89.9) * .pi / 180), 1e-6))
        for (index, checkpoint) in checkpoints.enumerated() {
            cells[cell(of: checkpoint.coordinate), default: []].append(index)
        }
    }

    /// Indices (ascending) of the checkpoints in the cells around `coordinate`: a superset
    /// of those within the cell size of it.
    func candidates(near coordinate: Coordinate) -> [Int] {
        let centre = cell(of: coordinate)
        var found: [Int] = []
        for row in centre.row - 1...centre.row + 1 {
            for column in centre.column - 1...centre.column + 1 {
                if let indices = cells[Cell(row: row, column: column)] { found += indices }
            }
        }
        return found.sorted()
    }

    private func cell(of coordinate: Coordinate) -> Cell {
        Cell(row: Int((coordinate.latitude / degreesPerCellNorth).rounded(.down)),
             column: Int((coordinate.longitude / degreesPerCellEast).rounded(.down)))
    }
}
