import CZlib

/// zlib (RFC 1950) data inflated into exactly the size its block declares, with the system's zlib.
enum Inflate {
    /// The `rawSize` bytes `compressed` inflates to.
    /// - Throws: `ExtractProblem.corrupt` when it does not inflate to exactly that.
    static func zlib(_ compressed: UnsafeBufferPointer<UInt8>, rawSize: Int) throws(ExtractProblem) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: rawSize)
        var length = uLongf(rawSize)
        let status = output.withUnsafeMutableBufferPointer { buffer in
            uncompress(buffer.baseAddress, &length, compressed.baseAddress, uLong(compressed.count))
        }
        guard status == Z_OK, Int(length) == rawSize else { throw .corrupt("a block does not inflate to the size it declares") }
        return output
    }
}
