import Foundation

/// FIT bytes being written: definition and data messages, little-endian (`FITWriter`,
/// `Course.fit`).
struct FITEncoder {
    /// FIT base types with their number and size.
    enum BaseType: UInt8 {
        case `enum` = 0x00, uint8 = 0x02, uint16 = 0x84, sint32 = 0x85, uint32 = 0x86
        /// A string of 16 bytes (15 characters' UTF-8 and the terminating zero).
        case string16 = 0x07

        var size: UInt8 {
            switch self {
            case .enum, .uint8: 1
            case .uint16: 2
            case .sint32, .uint32: 4
            case .string16: 16
            }
        }
    }

    /// The local message types used, one per message.
    enum Local {
        static let fileID: UInt8 = 0
        static let event: UInt8 = 1
        static let record: UInt8 = 2
        static let lap: UInt8 = 3
        static let session: UInt8 = 4
        static let activity: UInt8 = 5
        static let course: UInt8 = 6
    }

    enum TimerEvent: UInt8 { case start = 0, stopAll = 4, stopDisableAll = 9 }

    private(set) var bytes: [UInt8] = []

    mutating func define(_ local: UInt8, global: UInt16, _ fields: [(number: UInt8, type: BaseType)]) {
        bytes.append(0x40 | local)
        bytes.append(0)  // reserved
        bytes.append(0)  // little-endian
        uint16(Int(global))
        bytes.append(UInt8(fields.count))
        for field in fields { bytes += [field.number, field.type.size, field.type.rawValue] }
    }

    mutating func data(_ local: UInt8, _ fields: (inout FITEncoder) -> Void) {
        bytes.append(local)
        fields(&self)
    }

    mutating func timer(_ type: TimerEvent, at time: Date) {
        data(Local.event) { $0.time(time); $0.enum(0); $0.enum(Int(type.rawValue)) }
    }

    mutating func record(_ fix: Fix, time: Date, distance: Double?) {
        data(Local.record) { out in
            out.time(time)
            if let coordinate = fix.coordinate, coordinate.isValid {
                out.sint32(Self.semicircles(coordinate.latitude)); out.sint32(Self.semicircles(coordinate.longitude))
            } else {
                out.sint32(nil); out.sint32(nil)
            }
            out.scaled(fix.elevation.map { $0 + 500 }, 5)
            out.uint8(fix.heartRate.flatMap { (1...254).contains($0) ? $0 : nil })
            out.uint8(fix.cadence.flatMap { (0...254).contains($0) ? $0 : nil })
            out.scaled(distance, 100)
            out.scaled(fix.speed, 1000)
            out.uint16(fix.power.flatMap { (0...65_534).contains($0) ? Double($0) : nil })
        }
    }

    /// A record of a course point: time, position, altitude and distance.
    mutating func coursePoint(_ fix: Fix, time: Date, distance: Double?) {
        data(Local.record) { out in
            out.time(time)
            out.sint32(fix.coordinate.flatMap { Self.semicircles($0.latitude) }); out.sint32(fix.coordinate.flatMap { Self.semicircles($0.longitude) })
            out.scaled(fix.elevation.map { $0 + 500 }, 5)
            out.scaled(distance, 100)
        }
    }

    /// `degrees` in semicircles; nil when not finite (written as invalid).
    static func semicircles(_ degrees: Double) -> Int? {
        let value = (degrees * 2_147_483_648 / 180).rounded()
        return value.isFinite && abs(value) < 9e18 ? Int(value) : nil
    }

    /// `text` in 16 bytes: as many whole characters as fit in 15, then zeros.
    mutating func string16(_ text: String) {
        var utf8: [UInt8] = []
        for character in text where utf8.count + character.utf8.count <= 15 { utf8 += character.utf8 }
        bytes += utf8 + [UInt8](repeating: 0, count: 16 - utf8.count)
    }

    mutating func `enum`(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }

    mutating func uint8(_ value: Int?) { bytes.append(value.map { UInt8(truncatingIfNeeded: $0) } ?? 0xFF) }

    /// `value` rounded, or the invalid 0xFFFF when absent or out of range.
    mutating func uint16(_ value: Double?) {
        guard let value, value.isFinite, (0...65_534).contains(value.rounded()) else { return uint16(0xFFFF) }
        uint16(Int(value.rounded()))
    }

    mutating func uint16(_ value: Int) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                  UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
    }

    mutating func sint32(_ value: Int?) {
        guard let value, (-0x7FFF_FFFF...0x7FFF_FFFE).contains(value) else { return uint32(0x7FFF_FFFF) }
        uint32(UInt32(bitPattern: Int32(value)))
    }

    /// `value` × `scale` as a uint32, or the invalid 0xFFFFFFFF when absent or out of range.
    mutating func scaled(_ value: Double?, _ scale: Double) {
        guard let value, value.isFinite, (0...4_294_967_294).contains((value * scale).rounded()) else { return uint32(0xFFFF_FFFF) }
        uint32(UInt32((value * scale).rounded()))
    }

    /// Seconds since the FIT epoch, 1989-12-31T00:00:00Z.
    mutating func time(_ date: Date) {
        scaled(date.timeIntervalSince1970 - FITProfile.epochOffset, 1)
    }

    /// The header, the messages and the file's CRC.
    func file(profileVersion: UInt16) -> Data {
        var header: [UInt8] = [14, 0x20, UInt8(profileVersion & 0xFF), UInt8(profileVersion >> 8)]
        let size = UInt32(bytes.count)
        header += [UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = FITCRC.checksum(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        var file = header + bytes
        let crc = FITCRC.checksum(file)
        file += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return Data(file)
    }
}
