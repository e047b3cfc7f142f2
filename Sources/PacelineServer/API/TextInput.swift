/// Text from a client that the server stores or looks up by.
///
/// PostgreSQL's text types can't hold U+0000 (SQLite's can), so such text failed as a
/// 500 on PostgreSQL only. A field the client sets is refused with 400 on both databases;
/// a label read from an uploaded file loses its NULs instead, as the file is otherwise fine.
enum TextInput {
    /// `text`, or 400 naming `field` when it holds U+0000.
    static func checked(_ text: String, _ field: String) throws -> String {
        guard !text.unicodeScalars.contains("\0") else {
            throw APIError.badRequest("`\(field)` must not contain NUL (U+0000) characters")
        }
        return text
    }

    static func checked(_ text: String?, _ field: String) throws -> String? {
        try text.map { try checked($0, field) }
    }

    /// `text` without U+0000.
    static func storable(_ text: String) -> String {
        text.unicodeScalars.contains("\0") ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })) : text
    }
}
