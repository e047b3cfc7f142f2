import Foundation

/// Page sizes and opaque cursors for lists sorted newest first.
enum Paging {
    static let defaultLimit = 20
    static let maximumLimit = 100

    static func limit(_ requested: Int?) throws -> Int {
        let limit = requested ?? defaultLimit
        guard (1...maximumLimit).contains(limit) else { throw APIError.badRequest("limit must be 1 to \(maximumLimit)") }
        return limit
    }

    /// A cursor after the item at `time` with `id` (base64 of "seconds|uuid").
    static func encode(time: Date, id: UUID) -> String {
        Data("\(time.timeIntervalSince1970)|\(id.uuidString)".utf8).base64EncodedString()
    }

    static func decode(_ cursor: String) throws -> (Date, UUID) {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else {
            throw APIError.badRequest("the cursor is not one this server gave")
        }
        let parts = text.split(separator: "|")
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = UUID(uuidString: String(parts[1])) else {
            throw APIError.badRequest("the cursor is not one this server gave")
        }
        return (Date(timeIntervalSince1970: seconds), id)
    }
}
