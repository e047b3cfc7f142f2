import Foundation

/// One tile of a digital elevation model in the `.hgt` form of SRTM and Copernicus: a
/// square of one degree, named by its south-west corner (`N55W005`), its heights a grid
/// of big-endian 16-bit metres, rows from north to south, the edges shared with the
/// neighbouring tiles. 1,201 samples a side (3 arc-seconds, about 90 m) or 3,601
/// (1 arc-second, about 30 m); -32,768 marks a void (no height measured there).
public struct ElevationTile: Sendable {
    /// The tile's south-west corner, whole degrees.
    public let south: Int, west: Int
    /// Samples along each side.
    public let samplesPerSide: Int
    private let heights: [Int16]

    /// The value that marks a void.
    static let void = Int16.min
    /// The sizes a tile may have: 3 and 1 arc-seconds.
    public static let sides = [1_201, 3_601]

    /// Reads a tile named `name` (`N55W005`, with or without `.hgt`) from its bytes.
    /// - Throws: `ElevationTileError` when the name is not a tile's or the size none of `sides`.
    public init(name: String, bytes: Data) throws {
        let corner = try Self.corner(of: name)
        guard let side = Self.sides.first(where: { $0 * $0 * 2 == bytes.count }) else {
            throw ElevationTileError.size(name: name, bytes: bytes.count)
        }
        var heights = [Int16](repeating: 0, count: side * side)
        heights.withUnsafeMutableBytes { target in _ = bytes.copyBytes(to: target) }
        for index in heights.indices { heights[index] = Int16(bigEndian: heights[index]) }
        (south, west, samplesPerSide, self.heights) = (corner.south, corner.west, side, heights)
    }

    /// The memory its heights take.
    public var bytes: Int { heights.count * MemoryLayout<Int16>.size }

    /// The tile's name, as SRTM writes it: `N55W005`.
    public var name: String { Self.name(south: south, west: west) }

    /// The height at `coordinate`, metres, interpolated between the four samples around
    /// it; nil outside the tile or next to a void.
    public func elevation(at coordinate: Coordinate) -> Double? {
        let last = Double(samplesPerSide - 1)
        let row = (Double(south + 1) - coordinate.latitude) * last
        let column = (coordinate.longitude - Double(west)) * last
        guard row >= 0, row <= last, column >= 0, column <= last else { return nil }
        let (top, left) = (min(Int(row), samplesPerSide - 2), min(Int(column), samplesPerSide - 2))
        let (down, right) = (row - Double(top), column - Double(left))
        let corners = [heights[top * samplesPerSide + left], heights[top * samplesPerSide + left + 1],
                       heights[(top + 1) * samplesPerSide + left], heights[(top + 1) * samplesPerSide + left + 1]]
        guard !corners.contains(Self.void) else { return nil }
        let (a, b, c, d) = (Double(corners[0]), Double(corners[1]), Double(corners[2]), Double(corners[3]))
        return (a * (1 - right) + b * right) * (1 - down) + (c * (1 - right) + d * right) * down
    }

    /// The name of the tile that holds `coordinate` (on a shared edge, the one to its north-east).
    public static func name(holding coordinate: Coordinate) -> String {
        name(south: Int(coordinate.latitude.rounded(.down)), west: Int(coordinate.longitude.rounded(.down)))
    }

    static func name(south: Int, west: Int) -> String {
        let latitude = (south < 0 ? "S" : "N") + String(format: "%02d", abs(south))
        return latitude + (west < 0 ? "W" : "E") + String(format: "%03d", abs(west))
    }

    /// The south-west corner a tile's name gives: `N55W005` is 55° N, 5° W.
    static func corner(of name: String) throws -> (south: Int, west: Int) {
        let stem = name.uppercased().hasSuffix(".HGT") ? String(name.uppercased().dropLast(4)) : name.uppercased()
        let characters = Array(stem)
        guard characters.count == 7, "NS".contains(characters[0]), "EW".contains(characters[3]),
              let latitude = Int(String(characters[1...2])), let longitude = Int(String(characters[4...6])),
              latitude < 90, longitude < 180 || (longitude == 180 && characters[3] == "W") else {
            throw ElevationTileError.name(name)
        }
        return (characters[0] == "S" ? -latitude : latitude, characters[3] == "W" ? -longitude : longitude)
    }
}

/// Why bytes are not an elevation tile.
public enum ElevationTileError: Error, Equatable, CustomStringConvertible {
    /// The name is not a tile's (`N55W005.hgt`).
    case name(String)
    /// The size is none a tile has.
    case size(name: String, bytes: Int)

    public var description: String {
        switch self {
        case .name(let name): "\(name) is not an elevation tile's name (one like N55W005.hgt: the latitude, then the longitude of its south-west corner)"
        case .size(let name, let bytes): "\(name) holds \(bytes) bytes, where a tile of 3 arc-seconds holds 2,884,802 and one of 1 arc-second 25,934,402"
        }
    }
}
