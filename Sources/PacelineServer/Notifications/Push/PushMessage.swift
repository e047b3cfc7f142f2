import Fluent
import Foundation

/// What a phone shows of a notification: a line saying who did what, the comment's or
/// invitation's words below it, the screen tapping it opens, and the unread count for the
/// app icon's badge; sent as JSON, encrypted.
struct PushMessage: Encodable {
    let title: String
    let body: String
    /// The app's address of what it is about, from the site's root (`/#/runs/ID`).
    let url: String
    /// One notification replaces an earlier one with the same tag.
    let tag: String
    let unread: Int

    var payload: Data { (try? JSONEncoder().encode(self)) ?? Data("{}".utf8) }

    /// The message of notification `row` (its actor loaded).
    static func of(_ row: NotificationRow, on database: any Database) async throws -> PushMessage {
        let who = row.actor.displayName
        var runName: String?
        if let id = row.$run.id {
            runName = try await Run.query(on: database).filter(\.$id == id).field(\.$id).field(\.$name).first()?.name ?? nil
        }
        let activity = runName.map { "“\($0)”" } ?? "your activity"
        let run = row.$run.id.map { "/#/runs/\($0.apiID)" } ?? "/#/feed"
        let (title, url): (String, String) = switch row.kind {
        case .friendRequest: ("\(who) asked to be friends", "/#/friends")
        case .friendAccepted: ("\(who) accepted your friend request", "/#/friends")
        case .invitation: ("\(who) invited you to walk or run together", "/#/invitations")
        case .kudos: ("\(who) gave kudos to \(activity)", run)
        case .comment: ("\(who) commented on \(activity)", run)
        case .mention: ("\(who) mentioned you in a comment", run)
        case .raceStarting: ("“\(row.excerpt ?? "Your walk")” starts soon: the live session is open", "/#/invitations")
        case .friendRecord: ("\(who) set a personal record", run)
        case .idleReminder: ("Time for a run or a walk?", "/#/home")
        case .clubRequest: ("\(who) asked to join \(row.excerpt ?? "your club")", row.clubID.map { "/#/clubs/\($0.apiID)" } ?? "/#/clubs")
        case .clubApproved: ("You are in \(row.excerpt ?? "the club")", row.clubID.map { "/#/clubs/\($0.apiID)" } ?? "/#/clubs")
        case .eventChanged: ("\(who) changed or cancelled a club event", row.clubID.map { "/#/clubs/\($0.apiID)" } ?? "/#/clubs")
        case .challengeResult: ("A club challenge ended: your result", challenge(row))
        }
        return PushMessage(title: title, body: row.excerpt ?? "", url: url, tag: row.id?.apiID ?? UUID().uuidString,
                           unread: try await Notifications.unread(of: row.$user.id, on: database))
    }

    /// The screen of the challenge `row` tells the result of.
    private static func challenge(_ row: NotificationRow) -> String {
        guard let club = row.clubID, let challenge = row.challengeID else { return "/#/clubs" }
        return "/#/clubs/\(club.apiID)/challenges/\(challenge.apiID)"
    }
}
