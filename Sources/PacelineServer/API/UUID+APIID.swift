import Foundation

extension UUID {
    /// How the API writes an id: lower-case, as RFC 4122 recommends for output.
    var apiID: String { uuidString.lowercased() }
}
