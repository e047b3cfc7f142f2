import Fluent
import Foundation

/// A display name as user search compares it: case, accents and widths folded
/// ("Natália" → "natalia"), the same on SQLite and PostgreSQL whatever their collations,
/// because it is folded here and stored (`users.search_name`), not folded by the database.
enum SearchName {
    /// `text` folded: "Natália" → "natalia", "ＡＬＩ" → "ali".
    static func of(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    /// A SQL `LIKE` pattern (with `ESCAPE '\'`) matching search names that contain `text`.
    static func containing(_ text: String) -> String {
        var pattern = "%"
        for character in of(text) {
            if character == "%" || character == "_" || character == "\\" { pattern.append("\\") }
            pattern.append(character)
        }
        return pattern + "%"
    }

    /// Keeps `User.searchName` in step with `User.displayName` on every save, wherever the
    /// name is set (registration, profile updates, tools).
    struct Keeper: AsyncModelMiddleware {
        func create(model: User, on db: any Database, next: any AnyAsyncModelResponder) async throws {
            model.searchName = SearchName.of(model.displayName)
            try await next.create(model, on: db)
        }

        func update(model: User, on db: any Database, next: any AnyAsyncModelResponder) async throws {
            model.searchName = SearchName.of(model.displayName)
            try await next.update(model, on: db)
        }
    }
}
