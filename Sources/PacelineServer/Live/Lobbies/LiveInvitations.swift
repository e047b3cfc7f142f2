import Fluent
import Foundation
import PacelineAPI

/// A walk invitation becomes a live session at its time: from `invitationOpensBefore` its
/// start, the first of the host and the guests who accepted to join makes the session
/// (the invitation's distance, 5 km when it has none), with all of them invited; the rest
/// join that one.
enum LiveInvitations {
    /// The distance of a session made from an invitation that names none, metres.
    static let defaultDistance = 5_000.0

    /// The session of invitation `id`, made if it is time and there is none yet.
    static func session(for id: String, user: UUID, settings: LiveSettings, on database: any Database) async throws -> LiveSession {
        guard let uuid = UUID(uuidString: id), let invitation = try await Invitation.joinable(InvitationID(uuid), by: UserID(user), on: database) else {
            throw Refusal(.forbidden, code: "not_invited", message: "you are not the host of that invitation, nor a guest who accepted it")
        }
        if let sessionID = invitation.liveSessionId, let session = try await LiveSession.find(sessionID, on: database) {
            return session
        }
        let opens = invitation.startsAt.addingTimeInterval(-settings.invitationOpensBefore)
        guard Date() >= opens else {
            throw Refusal(.conflict, code: "too_early",
                           message: "the session opens \(Int(settings.invitationOpensBefore / 60)) minutes before the start, at \(opens.formatted(.iso8601))")
        }
        let session = LiveSession()
        session.$host.id = invitation.$host.id
        session.distanceMeters = invitation.distanceMeters ?? defaultDistance
        session.sport = invitation.sport == .walk ? .walk : .run
        session.invitationID = uuid
        let members = [invitation.$host.id] + (try await Invitation.acceptedGuestIDs(of: uuid, on: database))
        do {
            try await database.retryingTransaction { transaction in
                try await session.create(on: transaction)
                let sessionID = try session.requireID()
                for member in Set(members) {
                    try await LiveMember(sessionID: sessionID, userID: member, status: .invited)
                        .create(on: transaction)
                }
                invitation.liveSessionId = sessionID
                try await invitation.save(on: transaction)
            }
        } catch {
            // Someone else made it at the same moment (the invitation id is unique per session): join theirs.
            guard let made = try await LiveSession.query(on: database).filter(\.$invitationID == uuid).first() else { throw error }
            return made
        }
        return session
    }
}
