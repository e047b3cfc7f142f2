import Foundation

/// The segments of a graph's edges filed by the cell of a fixed grid they cross (0.002°
/// of latitude by 0.003° of longitude: about 220 m by 210 m in London), so the ways near
/// a tapped point are found without looking at the others.
struct SegmentCells: Sendable {
    static let latitudeStep = 0.002
    static let longitudeStep = 0.003
    /// A segment whose box spans more than this many cells each way is not filed (nor
    /// snapped to): no street has one; a ferry line drawn across a sea might.
    static let longSegmentCells = 64

    /// Cell keys, sorted; segments of `keys[i]` are `segments[starts[i]..<starts[i + 1]]`.
    private let keys: [Int64]
    private let starts: [Int32]
    /// Each segment by its first point's number (its second is the next point).
    private let segments: [Int32]

    init(latitudes: [Double], longitudes: [Double], pointEdge: [Int32]) {
        var filed: [(key: Int64, segment: Int32)] = []
        filed.reserveCapacity(latitudes.count)
        for index in 0..<max(0, latitudes.count - 1) where pointEdge[index] == pointEdge[index + 1] {
            let rows = Self.row(min(latitudes[index], latitudes[index + 1]))...Self.row(max(latitudes[index], latitudes[index + 1]))
            let columns = Self.column(min(longitudes[index], longitudes[index + 1]))...Self.column(max(longitudes[index], longitudes[index + 1]))
            if rows.count * columns.count > Self.longSegmentCells * Self.longSegmentCells { continue }
            for row in rows { for column in columns { filed.append((Self.key(row, column), Int32(index))) } }
        }
        filed.sort { $0.key < $1.key || ($0.key == $1.key && $0.segment < $1.segment) }
        var keys: [Int64] = [], starts: [Int32] = []
        for (offset, entry) in filed.enumerated() where keys.last != entry.key {
            keys.append(entry.key)
            starts.append(Int32(offset))
        }
        starts.append(Int32(filed.count))
        self.keys = keys
        self.starts = starts
        self.segments = filed.map(\.segment)
    }

    @inline(__always) static func row(_ latitude: Double) -> Int64 { Int64((latitude / latitudeStep).rounded(.down)) }
    @inline(__always) static func column(_ longitude: Double) -> Int64 { Int64((longitude / longitudeStep).rounded(.down)) }
    @inline(__always) static func key(_ row: Int64, _ column: Int64) -> Int64 { row << 32 | (column & 0xFFFF_FFFF) }

    /// Calls `body` with each segment filed in a cell that the box of `radius` metres
    /// around `centre` touches (a segment may come more than once).
    func forEachSegment(near centre: Coordinate, radius: Double, _ body: (Int) -> Void) {
        let latitudeReach = radius / 111_000
        let longitudeReach = radius / (111_000 * max(0.01, cos(centre.latitude * .pi / 180)))
        for row in Self.row(centre.latitude - latitudeReach)...Self.row(centre.latitude + latitudeReach) {
            for column in Self.column(centre.longitude - longitudeReach)...Self.column(centre.longitude + longitudeReach) {
                let key = Self.key(row, column)
                var low = 0, high = keys.count
                while low < high {
                    let middle = (low + high) / 2
                    if keys[middle] < key { low = middle + 1 } else { high = middle }
                }
                guard low < keys.count, keys[low] == key else { continue }
                for offset in Int(starts[low])..<Int(starts[low + 1]) { body(Int(segments[offset])) }
            }
        }
    }
}
