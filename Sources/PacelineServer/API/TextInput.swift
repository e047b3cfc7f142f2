/// Text from a client that the server stores or looks up by.
///
/// Every such field has a limit, which openapi.yaml states: `maxLength` characters, as
/// JSON Schema counts them (Unicode code points, not what a person sees as one: a letter
/// followed by 500,000 combining marks is one of those but 500,001 of these), and 4 bytes
/// of UTF-8 per character, the most UTF-8 takes for one. Bytes are checked first, as
/// counting them costs nothing; a field over either limit is refused with 400 naming it.
///
/// PostgreSQL's text types can't hold U+0000 (SQLite's can), so such text failed as a
/// 500 on PostgreSQL only. A field the client sets is refused with 400 on both databases;
/// a label read from an uploaded file loses its NULs instead, and is cut to its limit,
/// as the file is otherwise fine.
enum TextInput {
    /// The longest a field may be.
    struct Limit: Sendable {
        /// Unicode code points: openapi.yaml's `maxLength`.
        let characters: Int
        /// UTF-8 bytes: 4 per character.
        var bytes: Int { characters * 4 }

        /// Display names.
        static let displayName = Limit(characters: 100)
        /// Names and titles: runs, routes, workouts, invitations, places.
        static let name = Limit(characters: 200)
        /// A club's name.
        static let clubName = Limit(characters: 80)
        /// What a runner writes about a run.
        static let description = Limit(characters: 2000)
        /// Email addresses (RFC 5321's longest path).
        static let email = Limit(characters: 254)
        /// Opaque keys a client sends back: `Idempotency-Key`, paging cursors, `If-None-Match`.
        static let key = Limit(characters: 200)
        /// A user search.
        static let search = Limit(characters: 100)
        /// Passwords, as openapi.yaml's `Registration`, `Credentials` and `PasswordChange` say
        /// (`Passwords.characters`).
        static let password = Limit(characters: 256)
    }

    /// `text`, or 400 naming `field` when it is longer than `limit` or holds U+0000.
    static func checked(_ text: String, _ field: String, _ limit: Limit) throws -> String {
        let bytes = text.utf8.count
        guard bytes <= limit.bytes else {
            throw Refusal.invalid("`\(field)` is \(bytes) bytes long; at most \(limit.characters) characters and \(limit.bytes) bytes")
        }
        let characters = text.unicodeScalars.count
        guard characters <= limit.characters else {
            throw Refusal.invalid("`\(field)` is \(characters) characters long (Unicode code points); at most \(limit.characters)")
        }
        guard !text.unicodeScalars.contains("\0") else {
            throw Refusal.invalid("`\(field)` must not contain NUL (U+0000) characters")
        }
        return text
    }

    static func checked(_ text: String?, _ field: String, _ limit: Limit) throws -> String? {
        try text.map { try checked($0, field, limit) }
    }

    /// What marks text cut to its limit.
    static let cutMark: Character = "…"

    /// `text` read from a file, without U+0000.
    static func storable(_ text: String) -> String {
        text.unicodeScalars.contains("\0") ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })) : text
    }

    /// `text` read from a file, as it can be stored: without U+0000, and cut to `limit`
    /// between two characters as a person sees them, ending with "…" to say so.
    static func storable(_ text: String, _ limit: Limit) -> String {
        let text = storable(text)
        guard text.unicodeScalars.count > limit.characters else { return text }
        var end = text.startIndex
        var count = 0
        for index in text.indices {
            let scalars = text[index].unicodeScalars.count
            guard count + scalars < limit.characters else { break }  // room for the mark
            count += scalars
            end = text.index(after: index)
        }
        return String(text[..<end]) + String(cutMark)
    }
}
