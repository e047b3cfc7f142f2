import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Comments on activities: written on what the writer may see (`RunAccess`: another's
/// private run is 404), unless its owner switched comments off; read by whoever may see
/// the activity; deleted by their writer or the activity's owner. A comment hidden by an
/// admin, one by a suspended account, and one by a user who blocked the reader are left
/// out. The owner is told of each comment, and each friend it mentions of theirs.
enum CommentBook {
    /// The longest comment, in characters (Unicode code points).
    static let maximumCharacters = 1000
    /// The most friends one comment mentions.
    static let maximumMentions = 10

    /// A page of run `id`'s comments as `viewer` (nil: no account) reads them, newest
    /// first; 404 unless they may see it.
    /// - Complexity: the page, its writers and mentions, and a count, on the run's index by time.
    static func page(of id: String, seenBy viewer: UUID?, cursor: String?, limit: Int, on database: any Database)
        async throws -> Components.Schemas.CommentPage
    {
        let run = try await RunAccess.visibleRun(id, to: viewer, on: database, withTrack: false)
        let runID = try run.requireID()
        var query = shown(on: runID, to: viewer, on: database).with(\.$author)
            .sort(\.$createdAt, .descending).sort(\.$id, .descending).limit(limit + 1)
        if let cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: Comment.schema, timeColumn: "created_at"))
        }
        let (comments, next) = try Paging.page(try await query.all(), limit: limit) { comment in
            try comment.createdAt.map { Paging.encode(time: $0, id: try comment.requireID()) }
        }
        let schemas = try await schema(of: comments, on: run, seenBy: viewer, on: database)
        return .init(comments: schemas, count: try await shown(on: runID, to: viewer, on: database).count(),
                     open: run.commentsClosed != true, nextCursor: next)
    }

    /// `author` comments `text` on run `id`, mentioning those of `mentionIDs` who are their
    /// friends and may see it: 404 unless they may see it, 403 `comments_closed` when its
    /// owner switched comments off, 400 for text empty once trimmed or too long, or too many
    /// mentions. The owner and the friends mentioned are told.
    static func add(_ text: String, mentioning mentionIDs: [String], on id: String, by author: UUID,
                    on database: any Database) async throws -> Components.Schemas.Comment {
        let text = try TextInput.checked(text, "text", .init(characters: maximumCharacters)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw Refusal.invalid("`text` is empty: write something") }
        guard mentionIDs.count <= maximumMentions else { throw Refusal.invalid("mention at most \(maximumMentions) friends") }
        let run = try await RunAccess.visibleRun(id, to: author, on: database, withTrack: false)
        guard run.commentsClosed != true else {
            throw Refusal(.forbidden, code: "comments_closed", message: "the owner switched comments off for this activity")
        }
        let comment = Comment()
        comment.$run.id = try run.requireID()
        comment.$author.id = author
        comment.text = text
        comment.mentionIDs = try await mentions(mentionIDs, by: author, on: run, on: database)
        try await comment.create(on: database)
        let about = Notifications.About(run: comment.$run.id, comment: try comment.requireID(), excerpt: text)
        try await Notifications.tell(run.$owner.id, .comment, by: author, about: about, on: database)
        for mentioned in comment.mentionIDs where mentioned != run.$owner.id {
            try await Notifications.tell(mentioned, .mention, by: author, about: about, on: database)
        }
        comment.$author.value = try await User.find(author, on: database)
        return try await schema(of: [comment], on: run, seenBy: author, on: database)[0]
    }

    /// `user` deletes comment `commentID` on run `id`: 404 unless they may see both, 403
    /// unless they wrote it or own the run.
    static func delete(_ commentID: String, on id: String, by user: UUID, on database: any Database) async throws {
        let run = try await RunAccess.visibleRun(id, to: user, on: database, withTrack: false)
        guard let uuid = UUID(uuidString: commentID),
              let comment = try await shown(on: try run.requireID(), to: user, on: database).filter(\.$id == uuid).first()
        else { throw Refusal.notFound("comment") }
        guard comment.$author.id == user || run.$owner.id == user else {
            throw Refusal.forbidden("only its writer or the activity's owner can delete a comment")
        }
        try await comment.delete(on: database)
    }

    /// The comment `id` names, if `viewer` may see it (its activity, and the comment shown
    /// to them); 404 otherwise.
    static func visibleComment(_ id: String, to viewer: UUID, on database: any Database) async throws -> Comment {
        guard let uuid = UUID(uuidString: id), let comment = try await Comment.find(uuid, on: database) else {
            throw Refusal.notFound("comment")
        }
        let run = try await RunAccess.visibleRun(comment.$run.id.apiID, to: viewer, on: database, withTrack: false)
        guard let shown = try await shown(on: try run.requireID(), to: viewer, on: database).filter(\.$id == uuid).first()
        else { throw Refusal.notFound("comment") }
        return shown
    }

    /// Removes the comments of `run` (it was deleted).
    static func remove(of run: RunID, on database: any Database) async throws {
        try await Comment.query(on: database).filter(\.$run.$id == run.uuid).delete()
    }

    /// The comments on `run` that `viewer` is shown: not hidden, not by a suspended
    /// account, not by someone who blocked the viewer.
    private static func shown(on run: UUID, to viewer: UUID?, on database: any Database) -> QueryBuilder<Comment> {
        var query = Comment.query(on: database).filter(\.$run.$id == run).filter(\.$hiddenAt == nil)
            .filter(.sql(embed: "NOT EXISTS (SELECT 1 FROM users WHERE users.id = \(ident: Comment.schema).author_id AND users.suspended_at IS NOT NULL)"))
        if let viewer {
            query = query.filter(.sql(embed: "\(ident: Comment.schema).\(ident: "author_id") NOT IN (\(Blocks.blockerIDs(of: viewer)))"))
        }
        return query
    }

    /// The mentions kept of `ids`: distinct friends of `author` who may see `run`, in the
    /// order given; 400 for what is no user id.
    private static func mentions(_ ids: [String], by author: UUID, on run: Run, on database: any Database) async throws -> [UUID] {
        guard !ids.isEmpty else { return [] }
        var seen = Set<UUID>()
        let wanted = try ids.compactMap { text -> UUID? in
            guard let id = UUID(uuidString: text) else { throw Refusal.invalid("`\(text)` in `mentionIds` is not a user id") }
            return seen.insert(id).inserted ? id : nil
        }
        let friends = try await Friends.friendIDs(of: author, on: database)
        var kept: [UUID] = []
        for id in wanted where friends.contains(id) {
            if try await Privacy.allows(id, toSee: run.$owner.id, privacy: run.privacy, on: database) { kept.append(id) }
        }
        return kept
    }

    /// `comments` on `run` as `viewer` reads them, their writers loaded.
    /// - Complexity: one query for all the mentioned users.
    static func schema(of comments: [Comment], on run: Run, seenBy viewer: UUID?, on database: any Database) async throws
        -> [Components.Schemas.Comment]
    {
        let mentioned = Array(Set(comments.flatMap(\.mentionIDs)))
        let users = mentioned.isEmpty ? [] : try await User.query(on: database).filter(\.$id ~~ mentioned).all()
        let byID = Dictionary(uniqueKeysWithValues: users.compactMap { user in user.id.map { ($0, user.summary) } })
        return comments.map { comment in
            .init(id: comment.id?.apiID ?? "", author: comment.author.summary, text: comment.text,
                  mentions: comment.mentionIDs.compactMap { byID[$0] }, createdAt: comment.createdAt ?? Date(),
                  deletable: viewer != nil && (comment.$author.id == viewer || run.$owner.id == viewer))
        }
    }
}
