import Foundation

/// The records of a CSV file (RFC 4180: commas, fields in double quotes may hold commas,
/// line breaks and doubled quotes), each with the line it starts on. A UTF-8 byte order
/// mark and CRLF line ends are accepted; blank lines are skipped.
///
/// ```swift
/// CSVRecords.parse(Data("id,title\n1,\"A, B\"\n".utf8))  // [(1, ["id", "title"]), (2, ["1", "A, B"])]
/// ```
/// - Complexity: O(n) in the bytes of the file.
enum CSVRecords {
    static func parse(_ data: Data) throws -> [(line: Int, fields: [String])] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1, quoteLine = 1
        var inQuotes = false, wasQuoted = false
        var index = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","): endField()
            case UInt8(ascii: "\r"): break
            case UInt8(ascii: "\n"):
                endRecord()
                line += 1
                recordLine = line
            case UInt8(ascii: "\""):
                if field.allSatisfy({ $0 == UInt8(ascii: " ") }) && !wasQuoted {
                    field.removeAll()
                    inQuotes = true
                    wasQuoted = true
                    quoteLine = line
                } else {
                    field.append(byte)  // a stray quote inside an unquoted field is kept as text
                }
            default: field.append(byte)
            }
        }
        if inQuotes { throw POIFileError("line \(quoteLine)", "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }
}
