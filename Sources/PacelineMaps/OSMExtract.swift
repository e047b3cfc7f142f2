import Foundation

/// An OpenStreetMap extract in the `.osm.pbf` format (as Geofabrik and BBBike serve them),
/// read block by block from its file: a length, a `BlobHeader`, then a `Blob` whose bytes,
/// zlib-compressed or not, are an `OSMHeader` (first) or a `PrimitiveBlock` of nodes, ways
/// and relations (`OSMBlock`). Only one block is held at once, so an extract of any size
/// reads in the memory of its largest block (`maximumBlobBytes`); every length is checked
/// against the format's limits as it is read.
/// <https://wiki.openstreetmap.org/wiki/PBF_Format>
///
/// ```swift
/// try OSMExtract(url: file).forEachBlock { block in try block.forEachNode { id, coordinate in … } }
/// ```
public struct OSMExtract: Sendable {
    /// The format's limit on a `BlobHeader`: 64 KiB.
    public static let maximumHeaderBytes = 64 << 10
    /// The format's limit on a `Blob`, compressed or not: 32 MiB.
    public static let maximumBlobBytes = 32 << 20
    /// The header features this reader understands.
    static let understood: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    public let url: URL

    public init(url: URL) { self.url = url }

    /// The file's size in bytes.
    public func size() throws -> Int64 {
        Int64((try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0)
    }

    /// Calls `body` with each data block in the file's order, after checking its header,
    /// and `progress` with the bytes read so far after each.
    /// - Throws: `ExtractProblem` for a file that is not an extract or is damaged, or what `body` throws.
    public func forEachBlock(progress: (Int64) -> Void = { _ in }, _ body: (OSMBlock) throws -> Void) throws {
        let file = try FileHandle(forReadingFrom: url)
        defer { try? file.close() }
        var offset: Int64 = 0
        var first = true
        while let (type, bytes) = try nextBlob(file, offset: &offset) {
            if first {
                guard type == "OSMHeader" else { throw ExtractProblem.notAnExtract }
                try Self.checkHeader(bytes)
                first = false
            } else if type == "OSMData" {
                try body(OSMBlock(bytes: bytes))
            }
            progress(offset)
        }
        if first { throw ExtractProblem.notAnExtract }
    }

    /// The next blob's type and inflated bytes, nil at the end of the file.
    private func nextBlob(_ file: FileHandle, offset: inout Int64) throws -> (String, [UInt8])? {
        guard let lengthBytes = try file.read(upToCount: 4), !lengthBytes.isEmpty else { return nil }
        guard lengthBytes.count == 4 else { throw ExtractProblem.truncated }
        let headerLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        guard headerLength <= Self.maximumHeaderBytes else {
            throw offset == 0 ? ExtractProblem.notAnExtract : ExtractProblem.overLimit("a block header of \(headerLength) bytes")
        }
        let header = [UInt8](try file.read(upToCount: headerLength) ?? Data())
        guard header.count == headerLength else { throw ExtractProblem.truncated }
        var type: String?
        var dataSize = -1
        try header.withUnsafeBufferPointer { buffer throws(ExtractProblem) in
            var message = ProtobufMessage(buffer)
            while let field = try message.nextField() {
                switch (field.number, field.wireType) {
                case (1, 2): type = String(decoding: message.slice(try message.lengthDelimited()), as: UTF8.self)
                case (3, 0): dataSize = Int(truncatingIfNeeded: try message.varint())
                default: try message.skip(field.wireType)
                }
            }
        }
        guard let type, dataSize >= 0 else { throw offset == 0 ? ExtractProblem.notAnExtract : ExtractProblem.corrupt("a block header without its type or size") }
        guard dataSize <= Self.maximumBlobBytes else { throw ExtractProblem.overLimit("a block of \(dataSize) bytes") }
        let blob = [UInt8](try file.read(upToCount: dataSize) ?? Data())
        guard blob.count == dataSize else { throw ExtractProblem.truncated }
        offset += Int64(4 + headerLength + dataSize)
        return (type, try Self.inflate(blob))
    }

    /// A blob's bytes, inflated when zlib-compressed.
    private static func inflate(_ blob: [UInt8]) throws(ExtractProblem) -> [UInt8] {
        try blob.withUnsafeBufferPointer { buffer throws(ExtractProblem) in
            var message = ProtobufMessage(buffer)
            var rawSize = -1
            var raw: Range<Int>?, zlib: Range<Int>?
            var otherCompression = false
            while let field = try message.nextField() {
                switch (field.number, field.wireType) {
                case (1, 2): raw = try message.lengthDelimited()
                case (2, 0): rawSize = Int(truncatingIfNeeded: try message.varint())
                case (3, 2): zlib = try message.lengthDelimited()
                case (4, 2), (6, 2), (7, 2), (8, 2): otherCompression = true; try message.skip(field.wireType)
                default: try message.skip(field.wireType)
                }
            }
            if let raw { return Array(message.slice(raw)) }
            guard let zlib else { throw otherCompression ? .unsupportedCompression : .corrupt("a block without data") }
            guard (0...maximumBlobBytes).contains(rawSize) else { throw .overLimit("a block of \(rawSize) bytes inflated") }
            return try Inflate.zlib(message.slice(zlib), rawSize: rawSize)
        }
    }

    /// Checks the header block asks for no feature this reader lacks.
    private static func checkHeader(_ bytes: [UInt8]) throws(ExtractProblem) {
        try bytes.withUnsafeBufferPointer { buffer throws(ExtractProblem) in
            var message = ProtobufMessage(buffer)
            while let field = try message.nextField() {
                if field.number == 4, field.wireType == 2 {
                    let feature = String(decoding: message.slice(try message.lengthDelimited()), as: UTF8.self)
                    guard understood.contains(feature) else { throw .unsupportedFeature(feature) }
                } else {
                    try message.skip(field.wireType)
                }
            }
        }
    }
}
