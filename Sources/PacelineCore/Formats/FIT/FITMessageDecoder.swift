/// Walks the messages of a FIT stream (every file of a chain), checking headers,
/// sizes and CRCs, and hands each data message to a callback.
///
/// It never holds more than one message beyond what `ByteStream` buffers, and it
/// decodes data messages in place: a definition message is turned once into a
/// `FITDefinition`; data messages are only a view on the buffer.
struct FITMessageDecoder {
    let stream: ByteStream
    /// Definitions by local message type (0…15).
    private var definitions = [FITDefinition?](repeating: nil, count: 16)
    /// The last full timestamp, base of compressed timestamp headers.
    private var lastTimestamp: UInt32?
    /// Messages read so far, of every file of the chain (`FileLimits.messages`).
    private var count = FileCount()

    init(stream: ByteStream) {
        self.stream = stream
    }

    /// Decodes every file of the stream. `fileStart` is called with the index of
    /// each file (0, 1… for chained files) before its messages; `visit` with every
    /// data message in order. Throws on the first structural problem, past
    /// `FileLimits.messages`, or when `visit` throws.
    mutating func decode(
        fileStart: (Int) -> Void, visit: (FITMessage) throws(ActivityFileError) -> Void
    ) throws(ActivityFileError) {
        var fileIndex = 0
        while fileIndex == 0 || stream.require(1) {
            try decodeFile(index: fileIndex, fileStart: fileStart, visit: visit)
            fileIndex += 1
        }
    }

    private mutating func decodeFile(
        index: Int, fileStart: (Int) -> Void, visit: (FITMessage) throws(ActivityFileError) -> Void
    ) throws(ActivityFileError)
    {
        let header = try FITHeader.parse(stream, index: index)
        var crc = FITCRC()
        crc.update(stream.buffer, stream.position..<stream.position + header.size)
        stream.position += header.size
        let dataEnd = stream.offset + header.dataSize
        if index > 0 && header.dataSize == 0 {
            throw ActivityFileError(
                .corrupt, "byte \(stream.offset - header.size): chained FIT header (file \(index + 1)) has no data")
        }
        definitions = [FITDefinition?](repeating: nil, count: 16)
        lastTimestamp = nil
        fileStart(index)

        var remaining = header.dataSize
        while remaining > 0 {
            try count.add(.message)
            let size = try messageSize(remaining: remaining, dataEnd: dataEnd)
            try decodeMessage(size: size, visit: visit)
            crc.update(stream.buffer, stream.position..<stream.position + size)
            stream.position += size
            remaining -= size
        }

        let crcOffset = stream.offset
        guard stream.require(2) else {
            throw ActivityFileError(
                .truncated,
                "byte \(crcOffset): the file ends before the FIT file CRC (unterminated or truncated file)")
        }
        let stored = UInt16(stream.buffer[stream.position]) | UInt16(stream.buffer[stream.position + 1]) << 8
        guard stored == crc.value else {
            throw ActivityFileError(
                .checksumMismatch,
                "byte \(crcOffset): FIT file CRC mismatch (expected \(hex(stored)), computed \(hex(crc.value)))")
        }
        stream.position += 2
    }

    /// The size of the message at `stream.position` (header byte included), with
    /// all of its bytes made available.
    private mutating func messageSize(remaining: Int, dataEnd: Int) throws(ActivityFileError) -> Int {
        let offset = stream.offset
        guard stream.require(1) else { throw truncated(at: offset, dataEnd: dataEnd) }
        let header = stream.buffer[stream.position]
        var size: Int
        if header & 0x80 == 0 && header & 0x40 != 0 {
            // Definition message: its size depends on its field counts.
            let developer = header & 0x20 != 0
            size = 1
            while true {
                let needed = 1 + FITDefinition.neededSize(
                    stream.buffer, start: stream.position + 1, available: stream.available - 1,
                    hasDeveloperFields: developer)
                if needed == size { break }
                size = needed
                guard size <= remaining else { break }
                guard stream.require(size) else { throw truncated(at: offset, dataEnd: dataEnd) }
            }
        } else {
            let local = header & 0x80 != 0 ? Int(header >> 5 & 0x03) : Int(header & 0x0F)
            guard let definition = definitions[local] else {
                throw ActivityFileError(
                    .corrupt, "byte \(offset): data message uses local message type \(local), which was never defined")
            }
            size = 1 + definition.dataSize
        }
        guard size <= remaining else {
            // A message crossing the declared end of the data: the data size is wrong
            // or the file stops early (an unterminated recording).
            let kind: ActivityFileError.Kind = stream.require(size + 2) ? .corrupt : .truncated
            throw ActivityFileError(
                kind,
                "byte \(offset): a \(size)-byte message runs past the end of the FIT data at byte \(dataEnd) (file truncated or data size wrong)")
        }
        guard stream.require(size) else { throw truncated(at: offset, dataEnd: dataEnd) }
        return size
    }

    private func truncated(at offset: Int, dataEnd: Int) -> ActivityFileError {
        ActivityFileError(
            .truncated,
            "byte \(offset): the file ends inside a FIT message (the header says the data runs to byte \(dataEnd))")
    }

    /// Decodes the complete message of `size` bytes at `stream.position`.
    private mutating func decodeMessage(
        size: Int, visit: (FITMessage) throws(ActivityFileError) -> Void
    ) throws(ActivityFileError) {
        let start = stream.position
        let header = stream.buffer[start]
        if header & 0x80 == 0 && header & 0x40 != 0 {
            definitions[Int(header & 0x0F)] = try FITDefinition.parse(
                stream.buffer, start: start + 1, hasDeveloperFields: header & 0x20 != 0, at: stream.offset)
            return
        }
        let compressed = header & 0x80 != 0
        guard let definition = definitions[compressed ? Int(header >> 5 & 0x03) : Int(header & 0x0F)] else { return }
        var timestamp: UInt32?
        var refusal: ActivityFileError?
        stream.buffer.withUnsafeBytes { raw in
            let body = UnsafeRawBufferPointer(rebasing: raw[start + 1..<start + size])
            var message = FITMessage(definition: definition, bytes: body, timestamp: nil)
            if let full = message.number(FITProfile.timestampField), full >= 0, full <= Double(UInt32.max) {
                timestamp = UInt32(full)
                lastTimestamp = timestamp
            } else if compressed, let last = lastTimestamp {
                // 5-bit offset from the last full timestamp, rolling over every 32 s.
                let offset = UInt32(header & 0x1F)
                var time = (last & ~0x1F) &+ offset
                if offset < last & 0x1F { time &+= 0x20 }
                timestamp = time
                lastTimestamp = time
            }
            message = FITMessage(definition: definition, bytes: body, timestamp: timestamp)
            do throws(ActivityFileError) {
                try visit(message)
            } catch {
                refusal = error
            }
        }
        if let refusal { throw refusal }
    }
}
