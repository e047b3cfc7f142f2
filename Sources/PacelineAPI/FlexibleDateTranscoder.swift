import Foundation
import OpenAPIRuntime

/// Dates on the wire: written as ISO 8601 with milliseconds (so `updatedSince` can be
/// exact), read with or without fractional seconds (so any client's dates are accepted).
public struct FlexibleDateTranscoder: DateTranscoder {
    public init() {}

    /// Writes `date` to the millisecond, truncating as the formatter does (so a client
    /// syncing with `updatedSince` never skips a row). A millisecond read from the wire is
    /// often held as a double just below itself (.345 as .34499999…): 1 µs more keeps it
    /// its own millisecond, so a date read is written back unchanged.
    public func encode(_ date: Date) throws -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date.addingTimeInterval(0.000_001))
    }

    public func decode(_ text: String) throws -> Date {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "`\(text)` is not an ISO 8601 date-time"))
    }
}

extension Configuration {
    /// The configuration the Paceline server and clients share.
    /// JSON is written compact (no indentation): answers are a third smaller.
    public static var paceline: Configuration {
        Configuration(dateTranscoder: FlexibleDateTranscoder(), jsonEncodingOptions: [.sortedKeys])
    }
}
