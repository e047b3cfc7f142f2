import Fluent
import Foundation

/// Deleting an account, and everything it owns.
///
/// Each route the user published is settled first as when its run is deleted
/// (`RouteSuccession`: it passes to another runner's run on it, or goes). Then the user's
/// row goes, and with it, by the foreign keys' `ON DELETE CASCADE`, everything that names
/// them: runs (and their leaderboard places, discoveries, log entries), tokens,
/// friendships and requests, favourites, workouts, badges, journeys, invitations they
/// host or were sent, live sessions they host and their places in others'. One
/// transaction: an account is deleted whole or not at all.
enum AccountDeletion {
    static func delete(_ user: User, on database: any Database) async throws {
        let userID = try user.requireID()
        try await database.retryingTransaction { transaction in
            for route in try await Route.query(on: transaction).filter(\.$creator.$id == userID).all() {
                _ = try await RouteSuccession.settle(route, leaving: route.$run.id, on: transaction)
            }
            // Others' runs on routes of the user's that went are freed by the settling; the
            // user's own runs on others' routes go with their rows.
            try await user.delete(on: transaction)
        }
    }
}
