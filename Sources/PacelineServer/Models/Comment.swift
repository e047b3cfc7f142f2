import Fluent
import Foundation

/// A comment on an activity, kept as the writer wrote it and shown as text only.
final class Comment: Model, @unchecked Sendable {
    static let schema = "comments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "run_id") var run: Run
    @Parent(key: "author_id") var author: User
    /// Trimmed, 1 to `CommentBook.maximumCharacters` characters.
    @Field(key: "text") var text: String
    /// The friends it mentions, who were told (`CommentBook`'s mention rule).
    @JSONText(key: "mention_ids", absent: []) var mentionIDs: [UUID]
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    /// When an admin hid it (`Moderation`): hidden from everyone, the writer too.
    @OptionalField(key: "hidden_at") var hiddenAt: Date?

    init() {}
}
