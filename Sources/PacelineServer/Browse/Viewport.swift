import Foundation
import PacelineCore

/// A map viewport, from the `bbox` query parameter "west,south,east,north" in degrees:
/// one box, or two when `west > east` (it crosses the antimeridian).
package struct Viewport: Sendable, Equatable {
    let boxes: [BoundingBox]

    /// Reads `bbox`; anything malformed or out of range is a 400 that says what.
    package init(bbox: String) throws(Refusal) {
        let parts = bbox.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            throw .invalid("bbox must be four numbers, west,south,east,north; got \(parts.count) parts")
        }
        var numbers: [Double] = []
        for (name, part) in zip(["west", "south", "east", "north"], parts) {
            let text = part.trimmingCharacters(in: .whitespaces)
            // Plain decimals only: Double(_:) would also take "nan", "inf" and hexadecimal.
            guard !text.isEmpty, text.allSatisfy({ "0123456789.+-eE".contains($0) }),
                  let number = Double(text), number.isFinite else {
                throw .invalid("bbox: \(name) is not a number: \"\(part)\"")
            }
            numbers.append(number)
        }
        let (west, south, east, north) = (numbers[0], numbers[1], numbers[2], numbers[3])
        guard (-180...180).contains(west), (-180...180).contains(east) else {
            throw .invalid("bbox: longitudes must be within -180…180")
        }
        guard (-90...90).contains(south), (-90...90).contains(north) else {
            throw .invalid("bbox: latitudes must be within -90…90")
        }
        guard south <= north else { throw .invalid("bbox: south is north of north") }
        boxes = BoundingBox.viewport(west: west, south: south, east: east, north: north)
    }
}
