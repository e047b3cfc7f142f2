import Fluent
import Foundation

/// The notifications nobody's action makes, told as their time comes: each instance looks
/// every `interval`; the unique index makes a second look (or a second instance) tell
/// nothing more.
/// - An invitation's live session opens soon (`LiveSettings.invitationOpensBefore` before
///   its start): its guests who accepted are told (`raceStarting`).
/// - A user who asked (`User.idleReminderDays`) and whose last activity started that many
///   days ago is reminded once for that stretch (`idleReminder`, its subject the last activity).
/// - A club challenge ended: its results are told (`ChallengeResults`).
enum Reminders {
    /// How often each instance looks, seconds.
    static let interval: TimeInterval = 30

    /// One look: what is due now, each in turn (`RepeatingWork` runs it every `interval`).
    static func tellDue(opensBefore: TimeInterval, on database: any Database) async throws {
        try await tellStarting(within: opensBefore, on: database)
        try await remindIdle(on: database)
        try await ChallengeResults.close(on: database)
    }

    /// Tells the guests who accepted each scheduled invitation starting within `lead`.
    static func tellStarting(within lead: TimeInterval, now: Date = Date(), on database: any Database) async throws {
        let soon = try await Invitation.query(on: database).filter(\.$status == .scheduled)
            .filter(\.$startsAt > now).filter(\.$startsAt <= now.addingTimeInterval(lead)).all()
        for invitation in soon {
            let id = try invitation.requireID()
            let about = Notifications.About(invitation: id, excerpt: invitation.title ?? "Your walk")
            for guest in try await Invitation.acceptedGuestIDs(of: id, on: database) {
                try await Notifications.tell(guest, .raceStarting, by: invitation.$host.id, about: about, on: database)
            }
        }
    }

    /// Reminds each user who asked and whose last activity started their chosen days ago.
    static func remindIdle(now: Date = Date(), on database: any Database) async throws {
        let asking = try await User.query(on: database).filter(\.$idleReminderDays != nil).field(\.$id).field(\.$idleReminderDays).all()
        for user in asking {
            guard let id = user.id, let days = user.idleReminderDays,
                  let last = try await Run.query(on: database).filter(\.$owner.$id == id).filter(\.$startTime != nil)
                    .sort(\.$startTime, .descending).field(\.$id).field(\.$startTime).first(),
                  let start = last.startTime, start < now.addingTimeInterval(-Double(days) * 86_400) else { continue }
            let idle = Int(now.timeIntervalSince(start) / 86_400)
            try await Notifications.tell(id, .idleReminder, by: id,
                                         about: .init(run: last.id, excerpt: "\(idle) days since your last activity"), on: database)
        }
    }
}
