import Fluent
import Foundation
import PacelineAPI

extension Friendship {
    /// What the other one of the pair is to `viewer`.
    func relation(for viewer: UUID) -> Components.Schemas.Relation {
        switch status {
        case .accepted: .friend
        case .pending: $requester.id == viewer ? .requestSent : .requestReceived
        }
    }

    /// What each of `users` is to `viewer` (`none` for those absent from the answer).
    /// - Complexity: one query, on the two indexes that start with a user of the pair.
    static func relations(of viewer: UUID, to users: [UUID], on database: any Database) async throws
        -> [UUID: Components.Schemas.Relation]
    {
        guard !users.isEmpty else { return [:] }
        let rows = try await query(on: database)
            .group(.or) { pairs in
                pairs.group(.and) { $0.filter(\.$userLow.$id == viewer).filter(\.$userHigh.$id ~~ users) }
                pairs.group(.and) { $0.filter(\.$userHigh.$id == viewer).filter(\.$userLow.$id ~~ users) }
            }
            .all()
        return Dictionary(rows.map { ($0.other(than: viewer), $0.relation(for: viewer)) }, uniquingKeysWith: { first, _ in first })
    }
}

extension User {
    /// The user with what they are to the one asking.
    func related(_ relation: Components.Schemas.Relation) -> Components.Schemas.RelatedUser {
        .init(id: id?.apiID ?? "", displayName: displayName, relation: relation)
    }
}
