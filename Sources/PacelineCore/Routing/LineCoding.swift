import Foundation

/// A line's points and elevations as compact bytes, as the database keeps a map's stretches
/// and a planned route's line: a version byte, the point count (4 bytes), then each point's
/// latitude and longitude in ten-millionths of a degree (4 bytes each: about 1 cm) and its
/// elevation (a 4-byte float, NaN where unknown), little-endian.
public enum LineCoding {
    /// The bytes of the format's first version.
    static let version: UInt8 = 1

    /// `coordinates` with `elevations` (as many) as bytes.
    public static func encode(_ coordinates: [Coordinate], elevations: [Double?]) -> [UInt8] {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(5 + 12 * coordinates.count)
        append(UInt32(coordinates.count), to: &bytes)
        for (index, coordinate) in coordinates.enumerated() {
            append(UInt32(bitPattern: Int32((coordinate.latitude * 1e7).rounded())), to: &bytes)
            append(UInt32(bitPattern: Int32((coordinate.longitude * 1e7).rounded())), to: &bytes)
            append((elevations[index].map(Float.init) ?? .nan).bitPattern, to: &bytes)
        }
        return bytes
    }

    /// What `encode` made of a line; nil for bytes it did not make.
    public static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (coordinates: [Coordinate], elevations: [Double?])? {
        let bytes = Array(bytes)
        guard bytes.count >= 5, bytes[0] == version else { return nil }
        let count = Int(word(bytes, at: 1))
        guard bytes.count == 5 + 12 * count else { return nil }
        var coordinates: [Coordinate] = [], elevations: [Double?] = []
        coordinates.reserveCapacity(count)
        elevations.reserveCapacity(count)
        for index in 0..<count {
            let offset = 5 + 12 * index
            let coordinate = Coordinate(latitude: Double(Int32(bitPattern: word(bytes, at: offset))) / 1e7,
                                        longitude: Double(Int32(bitPattern: word(bytes, at: offset + 4))) / 1e7)
            guard coordinate.isValid else { return nil }
            coordinates.append(coordinate)
            let elevation = Float(bitPattern: word(bytes, at: offset + 8))
            elevations.append(elevation.isFinite ? Double(elevation) : nil)
        }
        return (coordinates, elevations)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value & 0xFF)); bytes.append(UInt8(value >> 8 & 0xFF))
        bytes.append(UInt8(value >> 16 & 0xFF)); bytes.append(UInt8(value >> 24))
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
