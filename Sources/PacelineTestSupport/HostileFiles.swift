import Foundation

/// Activity files made to cost a reader as much as they can within the upload's body
/// limit (issue 35): a few hundred kilobytes of gzip that claim millions of points, laps or
/// pauses. Each is a well-formed file (FIT with its CRCs, GPX that any XML parser reads),
/// gzipped by the system's gzip as it is made, so the tests never hold it uncompressed.
public enum HostileFiles {
    /// A FIT file of one record definition and `records` identical 13-byte records (a
    /// timestamp, a latitude and a longitude), gzipped.
    public static func fitRecords(_ records: Int) throws -> Data {
        try fit(dataSize: 6 + 3 * 3 + records * 13) { writer in
            writer.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
            writer.repeatMessage(0x00, le32(1_100_000_000) + le32(548_000_000) + le32(167_000_000), times: records)
        }
    }

    /// A FIT file of one record and `laps` lap messages (a start time, a timer and a
    /// distance each), gzipped.
    public static func fitLaps(_ laps: Int) throws -> Data {
        try fit(dataSize: 2 * (6 + 3 * 3) + 13 + laps * 13) { writer in
            writer.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
            writer.message(0x00, le32(1_100_000_000) + le32(548_000_000) + le32(167_000_000))
            writer.define(local: 1, global: 19, fields: [(2, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86)])
            writer.repeatMessage(0x01, le32(1_100_000_000) + le32(60_000) + le32(100_000), times: laps)
        }
    }

    /// A FIT file of `stops` timer stops, each followed by one record (as many track
    /// segments) unless `withRecords` is false, gzipped.
    public static func fitStops(_ stops: Int, withRecords: Bool = true) throws -> Data {
        try fit(dataSize: 2 * (6 + 3 * 3) + stops * (withRecords ? 7 + 13 : 7)) { writer in
            writer.define(local: 0, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
            writer.define(local: 1, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
            let stop: [UInt8] = [0x01] + le32(1_100_000_000) + [0, 4]  // timer, stop all
            let record: [UInt8] = [0x00] + le32(1_100_000_000) + le32(548_000_000) + le32(167_000_000)
            writer.repeatBytes(withRecords ? stop + record : stop, times: stops)
        }
    }

    /// A FIT file of `count` two-byte messages that mean nothing to an activity (a
    /// `file_id` of one byte each), gzipped.
    public static func fitMessages(_ count: Int) throws -> Data {
        try fit(dataSize: 6 + 3 + count * 2) { writer in
            writer.define(local: 0, global: 0, fields: [(0, 1, 0x00)])
            writer.repeatMessage(0x00, [4], times: count)
        }
    }

    /// A GPX file of one track segment of `points` track points, one second and about a
    /// metre apart, gzipped.
    public static func gpxPoints(_ points: Int) throws -> Data {
        try SystemGzip.compress { write in
            write(Data(#"<?xml version="1.0"?><gpx version="1.1" creator="hostile" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#.utf8))
            var block = ""
            for k in 0..<points {
                let time = isoTime(1_700_000_000 + k)
                block += #"<trkpt lat="46.\#(String(format: "%06d", k % 1_000_000))" lon="14"><time>\#(time)</time></trkpt>"#
                if block.utf8.count > 1 << 20 {
                    write(Data(block.utf8))
                    block = ""
                }
            }
            write(Data((block + "</trkseg></trk></gpx>").utf8))
        }
    }

    /// A FIT file of `dataSize` bytes of messages, written by `body`, gzipped.
    private static func fit(dataSize: Int, _ body: @escaping @Sendable (inout FITBytes) -> Void) throws -> Data {
        try SystemGzip.compress { write in
            var header: [UInt8] = [14, 0x20, 0x08, 0x08] + le32(UInt32(dataSize)) + Array(".FIT".utf8)
            let headerCRC = CRC16.checksum(header)
            header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
            withoutActuallyEscaping(write) { write in
                var writer = FITBytes(write: write)
                writer.add(header)
                body(&writer)
                precondition(writer.written == 14 + dataSize, "the data size the header says is \(dataSize), written \(writer.written - 14)")
                let crc = writer.crc.value
                writer.add([UInt8(crc & 0xFF), UInt8(crc >> 8)])
                writer.flush()
            }
        }
    }

    /// `seconds` since 1970 as ISO 8601 UTC, made by hand (a million formatter calls are slow).
    private static func isoTime(_ seconds: Int) -> String {
        // Days since 1970 to a civil date (Howard Hinnant's algorithm).
        let z = seconds / 86_400 + 719_468, era = z / 146_097, day = z - era * 146_097
        let year = (day - day / 1_460 + day / 36_524 - day / 146_096) / 365
        let dayOfYear = day - (365 * year + year / 4 - year / 100)
        let m = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * m + 2) / 5 + 1, month = m < 10 ? m + 3 : m - 9
        let y = year + era * 400 + (month <= 2 ? 1 : 0)
        let s = seconds % 86_400
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", y, month, d, s / 3600, s / 60 % 60, s % 60)
    }

    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}

/// FIT messages written out in blocks, with the CRC of everything since the header.
private struct FITBytes {
    let write: (Data) -> Void
    var crc = CRC16()
    var written = 0
    private var pending: [UInt8] = []

    init(write: @escaping (Data) -> Void) {
        self.write = write
    }

    mutating func add(_ bytes: [UInt8]) {
        crc.update(bytes)
        pending += bytes
        written += bytes.count
        if pending.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        write(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }

    /// A definition message; fields are (number, size, base type).
    mutating func define(local: UInt8, global: UInt16, fields: [(UInt8, UInt8, UInt8)]) {
        var bytes: [UInt8] = [0x40 | local, 0, 0, UInt8(global & 0xFF), UInt8(global >> 8), UInt8(fields.count)]
        for field in fields { bytes += [field.0, field.1, field.2] }
        add(bytes)
    }

    mutating func message(_ header: UInt8, _ body: [UInt8]) {
        add([header] + body)
    }

    mutating func repeatMessage(_ header: UInt8, _ body: [UInt8], times: Int) {
        repeatBytes([header] + body, times: times)
    }

    /// `bytes` written `times` times, a block of them at a time.
    mutating func repeatBytes(_ bytes: [UInt8], times: Int) {
        let perBlock = max(1, (1 << 20) / bytes.count)
        let block = Array([[UInt8]](repeating: bytes, count: perBlock).joined())
        var left = times
        while left >= perBlock {
            add(block)
            left -= perBlock
        }
        add(Array([[UInt8]](repeating: bytes, count: left).joined()))
    }
}

/// CRC-16/ARC, the FIT protocol's, written again here so the tests' files are not checked
/// by the code under test.
private struct CRC16 {
    private(set) var value: UInt16 = 0
    private static let table: [UInt16] = (0..<256).map { byte -> UInt16 in
        var crc = UInt16(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
        return crc
    }

    mutating func update(_ bytes: [UInt8]) {
        var crc = value
        Self.table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { buffer in
                for byte in buffer { crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
            }
        }
        value = crc
    }

    static func checksum(_ bytes: [UInt8]) -> UInt16 {
        var crc = CRC16()
        crc.update(bytes)
        return crc.value
    }
}
