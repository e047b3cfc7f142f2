import Fluent
import Foundation

/// A name as search compares it: case, accents and widths folded ("Natália" →
/// "natalia"), the same on SQLite and PostgreSQL whatever their collations, because it is
/// folded here and stored beside the name (`users.search_name`, `pois.search_title`,
/// the words of `route_words`), not folded by the database.
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

    /// Keeps a model's folded name in step with its name on every save, wherever the name
    /// is set (registration, profile updates, a plaque imported, tools).
    /// (`fold` sets the folded field by assignment: a key path's setter would read the
    /// field first, which Fluent refuses for a model not yet saved.)
    struct Keeper<Named: Model>: AsyncModelMiddleware {
        let fold: @Sendable (Named) -> Void

        func create(model: Named, on db: any Database, next: any AnyAsyncModelResponder) async throws {
            fold(model)
            try await next.create(model, on: db)
        }

        func update(model: Named, on db: any Database, next: any AnyAsyncModelResponder) async throws {
            fold(model)
            try await next.update(model, on: db)
        }
    }
}
