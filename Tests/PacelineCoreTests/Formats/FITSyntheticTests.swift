import Foundation
import Testing
@testable import PacelineCore

/// Builds small FIT files byte by byte, for cases the corpus does not isolate.
private struct FITFileBuilder {
    var data: [UInt8] = []

    /// A definition message; fields are (number, size, base type).
    mutating func define(
        local: UInt8, global: UInt16, bigEndian: Bool = false,
        fields: [(UInt8, UInt8, UInt8)], developerFields: [(UInt8, UInt8, UInt8)]? = nil
    ) {
        data.append(0x40 | (developerFields != nil ? 0x20 : 0) | local)
        data += [0, bigEndian ? 1 : 0]
        data += bigEndian ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
        data.append(UInt8(fields.count))
        for field in fields { data += [field.0, field.1, field.2] }
        if let developerFields {
            data.append(UInt8(developerFields.count))
            for field in developerFields { data += [field.0, field.1, field.2] }
        }
    }

    mutating func message(_ header: UInt8, _ body: [UInt8]) {
        data.append(header)
        data += body
    }

    /// Header (14 bytes, with CRC) + data + file CRC.
    var file: [UInt8] {
        let size = data.count
        var header: [UInt8] = [14, 0x20, 0x08, 0x08, UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = FITCRC.checksum(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        let crc = FITCRC.checksum(header + data)
        return header + data + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
}

private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
private func be32(_ value: UInt32) -> [UInt8] { le32(value).reversed() }

@Suite struct FITSyntheticTests {
    @Test func compressedTimestampsRollOver() throws {
        var fit = FITFileBuilder()
        fit.define(local: 0, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
        fit.define(local: 1, global: 20, fields: [(3, 1, 0x02)])
        fit.message(0x00, le32(1000) + [120])  // 1000 = 31·32 + 8
        fit.message(0x80 | 1 << 5 | 20, [121])  // offset 20 ≥ 8: 992 + 20
        fit.message(0x80 | 1 << 5 | 2, [0xFF])  // offset 2 < 20: rolls over, 992 + 32 + 2
        let fixes = try FITReader.read(Data(fit.file)).track.fixes
        #expect(fixes.map(\.time) == [1000, 1012, 1026].map { FITProfile.date($0) })
        #expect(fixes.map(\.heartRate) == [120, 121, nil])
    }

    @Test func bigEndianAndInvalidValues() throws {
        var fit = FITFileBuilder()
        fit.define(local: 3, global: 20, bigEndian: true, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (6, 2, 0x84), (2, 2, 0x84)])
        let lat = Int32(45.5 * 2_147_483_648.0 / 180), lon = Int32(-122.25 * 2_147_483_648.0 / 180)
        fit.message(0x03, be32(900_000_000) + be32(UInt32(bitPattern: lat)) + be32(UInt32(bitPattern: lon)) + [0x0B, 0xB8] + [0xFF, 0xFF])
        fit.message(0x03, be32(900_000_001) + be32(0x7FFF_FFFF) + be32(0x7FFF_FFFF) + [0xFF, 0xFF] + [0x0B, 0xB8])
        let fixes = try FITReader.read(Data(fit.file)).track.fixes
        #expect(fixes.count == 2)
        #expect(abs(fixes[0].coordinate!.latitude - 45.5) < 1e-6 && abs(fixes[0].coordinate!.longitude + 122.25) < 1e-6)
        #expect(fixes[0].speed == 3.0 && fixes[0].elevation == nil)
        #expect(fixes[1].coordinate == nil && fixes[1].speed == nil)
        #expect(fixes[1].elevation == 3000.0 / 5 - 500)
        #expect(fixes[1].time == FITProfile.date(900_000_001))
    }

    @Test func developerFieldsAndMisalignedFieldsAreSkipped() throws {
        var fit = FITFileBuilder()
        // distance declared uint32 but 3 bytes long; 2 bytes of developer data per message.
        fit.define(local: 0, global: 20, fields: [(253, 4, 0x86), (5, 3, 0x86), (3, 1, 0x02)], developerFields: [(0, 2, 0)])
        fit.message(0x00, le32(900_000_000) + [1, 2, 3] + [99] + [0xAB, 0xCD])
        fit.message(0x00, le32(900_000_001) + [1, 2, 3] + [100] + [0xAB, 0xCD])
        let fixes = try FITReader.read(Data(fit.file)).track.fixes
        #expect(fixes.map(\.heartRate) == [99, 100])
        #expect(fixes.allSatisfy { $0.distance == nil })
    }

    @Test func chainedFilesAreConcatenatedInSegments() throws {
        var first = FITFileBuilder()
        first.define(local: 0, global: 20, fields: [(253, 4, 0x86)])
        first.message(0x00, le32(900_000_000))
        first.message(0x00, le32(900_000_001))
        var second = FITFileBuilder()
        second.define(local: 0, global: 20, fields: [(253, 4, 0x86)])
        second.message(0x00, le32(900_000_100))
        let activity = try FITReader.read(Data(first.file + second.file))
        #expect(activity.track.segments.map(\.count) == [2, 1])

        // A chained header with no data is an error, not silently ignored.
        var empty = FITFileBuilder().file
        empty[4] = 0
        #expect(throws: ActivityFileError.self) { try FITReader.read(Data(first.file + empty)) }
    }

    @Test func timerStopStartsSegment() throws {
        var fit = FITFileBuilder()
        fit.define(local: 0, global: 20, fields: [(253, 4, 0x86)])
        fit.define(local: 1, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
        fit.message(0x00, le32(900_000_000))
        fit.message(0x01, le32(900_000_001) + [0, 4])  // timer stop_all
        fit.message(0x01, le32(900_000_050) + [0, 0])  // timer start
        fit.message(0x00, le32(900_000_050))
        #expect(try FITReader.read(Data(fit.file)).track.segments.map(\.count) == [1, 1])
    }

    @Test func undefinedLocalTypeNamesTheByte() throws {
        var fit = FITFileBuilder()
        fit.define(local: 0, global: 20, fields: [(253, 4, 0x86)])
        fit.message(0x05, le32(900_000_000))  // at byte 14 + 9
        #expect {
            try FITReader.read(Data(fit.file))
        } throws: { error in
            (error as? ActivityFileError)?.message == "byte 23: data message uses local message type 5, which was never defined"
        }
    }
}
