import PacelineCore

/// One `PrimitiveBlock` of an extract: its string table and groups of nodes (plain or
/// dense) and ways, read as they are asked for. Relations are skipped: a route planner
/// needs the ways and their nodes only. Coordinates are the block's integers scaled by its
/// granularity and offsets (nanodegrees).
public struct OSMBlock: Sendable {
    let bytes: [UInt8]

    /// Calls `body` with each node's id and position.
    public func forEachNode(_ body: (Int64, Coordinate) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            let layout = try Layout(buffer)
            let message = ProtobufMessage(buffer)
            for group in layout.groups {
                var fields = message.message(group)
                while let field = try fields.nextField() {
                    switch (field.number, field.wireType) {
                    case (1, 2): try plainNode(message.message(try fields.lengthDelimited()), layout: layout, body)
                    case (2, 2): try denseNodes(message.message(try fields.lengthDelimited()), layout: layout, body)
                    default: try fields.skip(field.wireType)
                    }
                }
            }
        }
    }

    /// Calls `body` with each way's id, node ids and those of its tags whose key is in `keys`.
    public func forEachWay(keeping keys: Set<String>, _ body: (Int64, [Int64], [String: String]) throws -> Void) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            let layout = try Layout(buffer)
            let message = ProtobufMessage(buffer)
            var strings: [String]?
            for group in layout.groups {
                var fields = message.message(group)
                while let field = try fields.nextField() {
                    guard field.number == 3, field.wireType == 2 else { try fields.skip(field.wireType); continue }
                    let table = strings ?? layout.strings.map { String(decoding: message.slice($0), as: UTF8.self) }
                    strings = table
                    try way(message.message(try fields.lengthDelimited()), strings: table, keys: keys, body)
                }
            }
        }
    }

    private func plainNode(_ node: ProtobufMessage, layout: Layout, _ body: (Int64, Coordinate) throws -> Void) throws {
        var node = node
        var id: Int64?, latitude: Int64?, longitude: Int64?
        while let field = try node.nextField() {
            switch (field.number, field.wireType) {
            case (1, 0): id = try node.signedVarint()
            case (8, 0): latitude = try node.signedVarint()
            case (9, 0): longitude = try node.signedVarint()
            default: try node.skip(field.wireType)
            }
        }
        guard let id, let latitude, let longitude else { throw ExtractProblem.corrupt("a node without its id or position") }
        try body(id, layout.coordinate(latitude, longitude))
    }

    private func denseNodes(_ dense: ProtobufMessage, layout: Layout, _ body: (Int64, Coordinate) throws -> Void) throws {
        var dense = dense
        var ids: [Int64] = [], latitudes: [Int64] = [], longitudes: [Int64] = []
        while let field = try dense.nextField() {
            guard field.wireType == 2, [1, 8, 9].contains(field.number) else { try dense.skip(field.wireType); continue }
            let range = try dense.lengthDelimited()
            var running: Int64 = 0
            var values: [Int64] = []
            values.reserveCapacity(range.count / 3)
            try dense.forEachPackedSigned(range) { delta throws(ExtractProblem) in
                running &+= delta
                values.append(running)
            }
            switch field.number {
            case 1: ids = values
            case 8: latitudes = values
            default: longitudes = values
            }
        }
        guard ids.count == latitudes.count, ids.count == longitudes.count else { throw ExtractProblem.corrupt("dense nodes whose ids and positions differ in number") }
        for index in ids.indices { try body(ids[index], layout.coordinate(latitudes[index], longitudes[index])) }
    }

    private func way(_ way: ProtobufMessage, strings: [String], keys: Set<String>, _ body: (Int64, [Int64], [String: String]) throws -> Void) throws {
        var way = way
        var id: Int64?
        var keyIndices: [Int] = [], valueIndices: [Int] = [], refs: [Int64] = []
        while let field = try way.nextField() {
            switch (field.number, field.wireType) {
            case (1, 0): id = Int64(bitPattern: try way.varint())
            case (2, 2): try way.forEachPacked(try way.lengthDelimited()) { value throws(ExtractProblem) in keyIndices.append(Int(truncatingIfNeeded: value)) }
            case (3, 2): try way.forEachPacked(try way.lengthDelimited()) { value throws(ExtractProblem) in valueIndices.append(Int(truncatingIfNeeded: value)) }
            case (8, 2):
                var running: Int64 = 0
                try way.forEachPackedSigned(try way.lengthDelimited()) { delta throws(ExtractProblem) in
                    running &+= delta
                    refs.append(running)
                }
            default: try way.skip(field.wireType)
            }
        }
        guard let id, keyIndices.count == valueIndices.count else { throw ExtractProblem.corrupt("a way without its id, or with keys and values that differ in number") }
        var tags: [String: String] = [:]
        for (key, value) in zip(keyIndices, valueIndices) {
            guard strings.indices.contains(key), strings.indices.contains(value) else { throw ExtractProblem.corrupt("a tag outside its block's strings") }
            let name = strings[key]
            guard keys.contains(name) else { continue }
            tags[name] = strings[value]
        }
        try body(id, refs, tags)
    }

    /// The string table, the groups and the scale of a block.
    private struct Layout {
        var strings: [Range<Int>] = []
        var groups: [Range<Int>] = []
        var granularity: Int64 = 100
        var latitudeOffset: Int64 = 0
        var longitudeOffset: Int64 = 0

        init(_ buffer: UnsafeBufferPointer<UInt8>) throws(ExtractProblem) {
            var block = ProtobufMessage(buffer)
            while let field = try block.nextField() {
                switch (field.number, field.wireType) {
                case (1, 2):
                    var table = block.message(try block.lengthDelimited())
                    while let entry = try table.nextField() {
                        if entry.number == 1, entry.wireType == 2 { strings.append(try table.lengthDelimited()) } else { try table.skip(entry.wireType) }
                    }
                case (2, 2): groups.append(try block.lengthDelimited())
                case (17, 0): granularity = Int64(truncatingIfNeeded: try block.varint())
                case (19, 0): latitudeOffset = Int64(bitPattern: try block.varint())
                case (20, 0): longitudeOffset = Int64(bitPattern: try block.varint())
                default: try block.skip(field.wireType)
                }
            }
            guard (1...1_000_000).contains(granularity) else { throw .corrupt("a granularity of \(granularity)") }
        }

        /// The position of a node's integers, checked to lie on the Earth.
        func coordinate(_ latitude: Int64, _ longitude: Int64) throws(ExtractProblem) -> Coordinate {
            let coordinate = Coordinate(latitude: Double(latitudeOffset &+ granularity &* latitude) * 1e-9,
                                        longitude: Double(longitudeOffset &+ granularity &* longitude) * 1e-9)
            guard coordinate.isValid else { throw .corrupt("a node outside the Earth's latitudes and longitudes") }
            return coordinate
        }
    }
}
