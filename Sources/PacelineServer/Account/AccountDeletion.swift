import Fluent
import Foundation

/// Deleting an account, and everything it owns.
///
/// Each route the user published is settled first as when its run is deleted
/// (`RouteSuccession`: it passes to another runner's run on it, or goes), and each club
/// they own passes to another member, or goes (`ClubSuccession`). Then the user's
/// row goes, and with it, by the foreign keys' `ON DELETE CASCADE`, everything that names
/// them: runs (and their leaderboard places, discoveries, log entries) and the originals
/// they were made from, tokens,
/// friendships and requests, blocks either way, club memberships, favourites, kudos and comments given and got,
/// reports made, notifications, workouts, gear, goals, badges, journeys, invitations they
/// host or were sent, live sessions they host and their places in others', and the raw
/// fixes kept for their unfinished races and follows. One transaction: an account is
/// deleted whole or not at all. (A finished race's stored results still list the runner's
/// name and time for the others who ran it.)
enum AccountDeletion {
    static func delete(_ user: User, on database: any Database) async throws {
        let userID = try user.requireID()
        try await database.retryingTransaction { transaction in
            for route in try await Route.query(on: transaction).filter(\.$creator.$id == userID).all() {
                _ = try await RouteSuccession.settle(route, leaving: route.$run.id, on: transaction)
            }
            try await ClubSuccession.settle(leaving: userID, on: transaction)
            // The raw fixes kept for rejoining an unfinished race or follow name no user: they go by hand.
            let members = try await LiveMember.query(on: transaction).filter(\.$user.$id == userID).all().compactMap(\.id)
            let follows = try await LiveFollow.query(on: transaction).filter(\.$user.$id == userID).all().compactMap(\.id)
            if !(members + follows).isEmpty {
                try await LiveFixChunk.query(on: transaction).filter(\.$ownerID ~~ (members + follows)).delete()
            }
            // Others' runs on routes of the user's that went are freed by the settling; the
            // user's own runs on others' routes go with their rows.
            try await user.delete(on: transaction)
        }
    }
}
