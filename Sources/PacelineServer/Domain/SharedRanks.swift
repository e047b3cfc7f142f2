import Foundation

/// The places of a board sorted best first, where equal values share a place and the next
/// value takes its own position ("1, 2, 2, 4"): the clubs' leaderboards and challenges.
enum SharedRanks {
    /// The rank of each of `values` (sorted best first), in their order.
    ///
    /// ```swift
    /// SharedRanks.of([9, 7, 7, 3])  // [1, 2, 2, 4]
    /// ```
    /// - Complexity: O(n).
    static func of(_ values: [Double]) -> [Int] {
        var ranks: [Int] = []
        ranks.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            ranks.append(index > 0 && values[index - 1] == value ? ranks[index - 1] : index + 1)
        }
        return ranks
    }
}
