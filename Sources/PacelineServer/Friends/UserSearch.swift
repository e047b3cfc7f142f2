import Fluent
import FluentSQL
import Foundation
import PacelineAPI

/// Finding people to befriend: users whose display name contains a text (folded by
/// `SearchName`, so case and accents don't matter), ordered by name, never the one
/// searching nor those who blocked them, never with an email.
struct UserSearch: Sendable {
    /// Search texts shorter than this are refused: they would match nearly everyone.
    static let minimumLength = 2
    /// The longest search text: display names have at most 100 characters.
    static let maximumLength = 100

    let database: any Database

    /// One page of the users whose name contains `text`, after the `cursor` of the previous
    /// page, with what each is to `viewer`.
    /// - Complexity: a scan of the users' search names (a substring can't use an index),
    ///   then one query for the page's relations.
    func page(matching text: String, for viewer: UUID, cursor: String?, limit: Int) async throws -> Components.Schemas.UserSearchPage {
        var query = User.query(on: database)
            .filter(.sql(embed: "\(ident: "search_name") LIKE \(bind: SearchName.containing(text)) ESCAPE \(literal: "\\")"))
            .filter(\.$id != viewer)
            .filter(.sql(embed: "\(ident: "id") NOT IN (\(Blocks.blockerIDs(of: viewer)))"))
            .field(\.$id).field(\.$displayName).field(\.$searchName)
            .sort(\.$searchName).sort(\.$id)
            .limit(limit + 1)
        if let cursor {
            let (key, id) = try Paging.decodeKeyed(cursor)
            query = query.group(.or) { after in
                after.filter(\.$searchName > key)
                after.group(.and) { $0.filter(\.$searchName == key).filter(\.$id > id) }
            }
        }
        let (users, next) = try Paging.page(try await query.all(), limit: limit) {
            Paging.encode(key: $0.searchName, id: try $0.requireID())
        }
        let relations = try await Friendship.relations(of: viewer, to: users.compactMap(\.id), on: database)
        return .init(
            users: users.map { $0.related($0.id.flatMap { relations[$0] } ?? Components.Schemas.Relation.none) },
            nextCursor: next)
    }
}
