import Fluent
import FluentSQL
import Foundation
import PacelineAPI
import SQLKit

/// The invitations a user hosts or is a guest of, latest start first, a page at a time.
struct InvitationList: Sendable {
    let database: any Database

    /// One page of `user`'s invitations in `box` (both boxes when nil), after the `cursor`
    /// of the previous page.
    /// - Complexity: four queries whatever the page's size: the invitations (on the
    ///   host's index, and the guests' through a subquery), their hosts, their guests,
    ///   and the guests' users.
    func page(of user: UUID, box: Components.Schemas.InvitationBox?, cursor: String?, limit: Int) async throws
        -> Components.Schemas.InvitationPage
    {
        let invited = DatabaseQuery.Filter.sql(embed: """
            \(SQLColumn("id", table: Invitation.schema)) IN (SELECT invitation_id FROM invitation_guests WHERE guest_id = \(bind: user))
            """)
        var query = Invitation.query(on: database)
            .with(\.$host).with(\.$guests) { $0.with(\.$guest) }
            .sort(\.$startsAt, .descending).sort(\.$id, .descending)
            .limit(limit + 1)
        switch box {
        case .sent: query = query.filter(\.$host.$id == user)
        case .received: query = query.filter(invited)
        case nil: query = query.group(.or) { $0.filter(\.$host.$id == user).filter(invited) }
        }
        if let cursor {
            query = query.filter(Paging.after(try Paging.decode(cursor), table: Invitation.schema, timeColumn: "starts_at"))
        }
        let (invitations, next) = try Paging.page(try await query.all(), limit: limit) {
            Paging.encode(time: $0.startsAt, id: try $0.requireID())
        }
        return .init(invitations: invitations.map(\.schema), nextCursor: next)
    }
}
