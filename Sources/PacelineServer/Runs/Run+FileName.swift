import Foundation

extension Run {
    /// What the run's files are called, before their extension: its start in UTC and the
    /// start of its id, `2026-03-01-0730-1a2b3c4d` (its upload's time when it has no start).
    func fileStem() throws -> String {
        let start = startTime ?? createdAt ?? Date(timeIntervalSince1970: 0)
        let stamp = ISO8601DateFormatter.string(from: start, timeZone: .gmt, formatOptions: [.withFullDate, .withTime])
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "T", with: "-").prefix(15)
        return "\(stamp)-\(try requireID().uuidString.prefix(8).lowercased())"
    }
}
