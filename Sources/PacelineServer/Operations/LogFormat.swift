import Foundation
import Logging

/// How the server writes its log: Vapor's lines for a person at a terminal, or one JSON
/// object per line for a log collector (`--log-format json`).
public enum LogFormat: String, Sendable, CaseIterable {
    case plain
    case json
}

/// Writes each entry as one JSON object a line (on standard error): `time` (ISO 8601, UTC),
/// `level`, `message`, `label`, and the metadata's keys beside them (`request-id`,
/// `route`, `status`, `ms`, `user` on the access log's lines).
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let write: @Sendable (Data) -> Void

    /// A handler writing its lines to `write` (standard error by default).
    public init(label: String, level: Logger.Level, write: @escaping @Sendable (Data) -> Void = { FileHandle.standardError.write($0) }) {
        self.label = label
        logLevel = level
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var object: [String: Any] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            object[key] = Self.json(value)
        }
        object["time"] = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
        object["level"] = event.level.rawValue
        object["message"] = "\(event.message)"
        object["label"] = label
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        line.append(UInt8(ascii: "\n"))
        write(line)
    }

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): (convertible as? Int) ?? (convertible as? Double) ?? "\(convertible)"
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }
}
