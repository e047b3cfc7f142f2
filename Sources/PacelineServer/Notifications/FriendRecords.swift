import Fluent
import Foundation
import PacelineCore

/// A friend's personal record, told to the friends who asked (`User.notifiesFriendRecords`)
/// and may see the activity that set it; only for an activity of the last week (an old run
/// uploaded today was a record long ago).
enum FriendRecords {
    /// How recent an activity must be for its records to be told.
    static let recent: TimeInterval = 7 * 86_400

    /// Tells the owner's friends who asked of the records `run` set (`Run.newRecords`).
    /// - Complexity: one query for the friends who asked; one insert each.
    static func tell(of run: Run, now: Date = Date(), on database: any Database) async throws {
        let names = (run.newRecords ?? []).filter(\.isFinite).compactMap(BestEffort.name(of:))
        guard !names.isEmpty, let start = run.startTime, start > now.addingTimeInterval(-recent), run.privacy != .private else { return }
        let owner = run.$owner.id
        let friends = try await Friends.friendIDs(of: owner, on: database)
        guard !friends.isEmpty else { return }
        let asked = try await User.query(on: database).filter(\.$id ~~ friends).filter(\.$notifiesFriendRecords == true).field(\.$id).all()
        for friend in asked.compactMap(\.id) where try await Privacy.allows(friend, toSee: owner, privacy: run.privacy, on: database) {
            try await Notifications.tell(friend, .friendRecord, by: owner,
                                         about: .init(run: try run.requireID(), excerpt: names.joined(separator: ", ")), on: database)
        }
    }
}
