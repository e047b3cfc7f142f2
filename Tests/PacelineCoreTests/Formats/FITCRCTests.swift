import Testing
@testable import PacelineCore

@Suite struct FITCRCTests {
    @Test func knownVector() {
        // CRC-16/ARC check value, the algorithm of the FIT SDK's FitCRC_Get16.
        #expect(FITCRC.checksum(Array("123456789".utf8)) == 0xBB3D)
        #expect(FITCRC.checksum([UInt8]()) == 0)
    }

    @Test func incrementalEqualsWhole() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var crc = FITCRC()
        crc.update(bytes, 0..<300)
        crc.update(bytes, 300..<1000)
        #expect(crc.value == FITCRC.checksum(bytes))
    }

    @Test func checksumOfDataPlusCRCIsZero() {
        let bytes: [UInt8] = Array("paceline".utf8)
        let crc = FITCRC.checksum(bytes)
        #expect(FITCRC.checksum(bytes + [UInt8(crc & 0xFF), UInt8(crc >> 8)]) == 0)
    }
}
