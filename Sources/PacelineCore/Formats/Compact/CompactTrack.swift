import Foundation

/// A track packed into a few bytes per fix, for storing one blob per run.
///
/// Each value is stored as the zig-zag varint difference from the same field's previous
/// value, at a resolution finer than any device records: times to the millisecond,
/// coordinates to 1e-7° (about 1 cm), elevation, accuracy and device distance to the
/// centimetre, speed to the mm/s. Corpus files take 10–14 bytes per fix (heart rate and
/// cadence included) instead of the 88 a `Fix` takes in memory.
///
/// ```swift
/// let blob = CompactTrack.encode(activity.track, barometric: activity.hasBarometricElevation)
/// let (track, barometric) = try CompactTrack.decode(blob)
/// ```
public enum CompactTrack {
    private static let magic: [UInt8] = Array("PLT1".utf8)
    private static let barometricFlag: UInt8 = 1

    /// Packs `track`; `barometric` travels with it because it changes how ascent is counted.
    /// - Complexity: O(n) in the fixes.
    public static func encode(_ track: Track, barometric: Bool = false) -> Data {
        var writer = Writer()
        writer.bytes.append(contentsOf: magic)
        writer.bytes.append(barometric ? barometricFlag : 0)
        writer.unsigned(UInt64(track.segments.count))
        var previous = [Int64](repeating: 0, count: Field.allCases.count)
        for segment in track.segments {
            writer.unsigned(UInt64(segment.count))
            for fix in segment {
                let values = Field.values(of: fix)
                var present: UInt64 = 0
                for (index, value) in values.enumerated() where value != nil { present |= 1 << index }
                writer.unsigned(present)
                for (index, value) in values.enumerated() {
                    guard let value else { continue }
                    writer.signed(value &- previous[index])
                    previous[index] = value
                }
            }
        }
        return Data(writer.bytes)
    }

    /// Unpacks a blob `encode` made.
    /// - Throws: `ActivityFileError` (`.corrupt`) when the bytes are not such a blob.
    /// - Complexity: O(n) in the fixes.
    public static func decode(_ data: Data) throws(ActivityFileError) -> (track: Track, barometric: Bool) {
        var reader = Reader(bytes: [UInt8](data))
        guard reader.bytes.count > magic.count, reader.bytes.prefix(magic.count).elementsEqual(magic) else {
            throw ActivityFileError(.corrupt, "not a compact track")
        }
        reader.offset = magic.count
        let barometric = try reader.byte() & barometricFlag != 0
        let segmentCount = try reader.count()
        var previous = [Int64](repeating: 0, count: Field.allCases.count)
        var segments: [[Fix]] = []
        segments.reserveCapacity(segmentCount)
        for _ in 0..<segmentCount {
            let fixCount = try reader.count()
            var fixes: [Fix] = []
            fixes.reserveCapacity(fixCount)
            for _ in 0..<fixCount {
                let present = try reader.unsigned()
                var values = [Int64?](repeating: nil, count: Field.allCases.count)
                for index in values.indices where present & (1 << index) != 0 {
                    previous[index] = previous[index] &+ (try reader.signed())
                    values[index] = previous[index]
                }
                fixes.append(Field.fix(from: values))
            }
            segments.append(fixes)
        }
        return (Track(segments: segments), barometric)
    }

    /// `fix` at the resolution it is stored with: what `decode(encode(…))` gives back for it.
    /// For code that uses fixes as they arrive and must agree with a replay of the stored
    /// ones to the last bit (a live race's finish, say).
    public static func stored(_ fix: Fix) -> Fix { Field.fix(from: Field.values(of: fix)) }

    /// The stored fields, in storage order, with their integer resolution.
    private enum Field: Int, CaseIterable {
        case time, latitude, longitude, elevation, accuracy, speed, distance, heartRate, cadence, power

        static func values(of fix: Fix) -> [Int64?] {
            [
                fix.time.map { scaled($0.timeIntervalSinceReferenceDate, 1000) },
                fix.coordinate.map { scaled($0.latitude, 1e7) },
                fix.coordinate.map { scaled($0.longitude, 1e7) },
                fix.elevation.map { scaled($0, 100) },
                fix.horizontalAccuracy.map { scaled($0, 100) },
                fix.speed.map { scaled($0, 1000) },
                fix.distance.map { scaled($0, 100) },
                fix.heartRate.map(Int64.init),
                fix.cadence.map(Int64.init),
                fix.power.map(Int64.init),
            ]
        }

        static func fix(from values: [Int64?]) -> Fix {
            var coordinate: Coordinate?
            if let latitude = values[Field.latitude.rawValue], let longitude = values[Field.longitude.rawValue] {
                coordinate = Coordinate(latitude: Double(latitude) / 1e7, longitude: Double(longitude) / 1e7)
            }
            return Fix(
                time: values[Field.time.rawValue].map { Date(timeIntervalSinceReferenceDate: Double($0) / 1000) },
                coordinate: coordinate,
                elevation: values[Field.elevation.rawValue].map { Double($0) / 100 },
                horizontalAccuracy: values[Field.accuracy.rawValue].map { Double($0) / 100 },
                speed: values[Field.speed.rawValue].map { Double($0) / 1000 },
                distance: values[Field.distance.rawValue].map { Double($0) / 100 },
                heartRate: values[Field.heartRate.rawValue].map { Int($0) },
                cadence: values[Field.cadence.rawValue].map { Int($0) },
                power: values[Field.power.rawValue].map { Int($0) }
            )
        }

        private static func scaled(_ value: Double, _ factor: Double) -> Int64 {
            let scaled = (value * factor).rounded()
            return scaled.isFinite ? Int64(max(-9e18, min(9e18, scaled))) : 0
        }
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func unsigned(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func signed(_ value: Int64) {
            unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func byte() throws(ActivityFileError) -> UInt8 {
            guard offset < bytes.count else { throw ActivityFileError(.truncated, "compact track ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func unsigned() throws(ActivityFileError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try byte()
                guard shift < 64 else { throw ActivityFileError(.corrupt, "compact track has an overlong number") }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }

        mutating func signed() throws(ActivityFileError) -> Int64 {
            let raw = try unsigned()
            return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
        }

        /// A count, which can be no larger than the bytes left (every item takes one).
        mutating func count() throws(ActivityFileError) -> Int {
            let value = try unsigned()
            guard value <= UInt64(bytes.count - offset) else {
                throw ActivityFileError(.corrupt, "compact track counts more items than it holds")
            }
            return Int(value)
        }
    }
}
