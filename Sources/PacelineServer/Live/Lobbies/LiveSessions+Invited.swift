import Fluent
import Foundation
import PacelineAPI

extension LiveSessions {
    /// Lobbies listed at most, newest first: a connecting user hears of these many at most.
    static let listedLobbiesLimit = 50

    /// The lobbies `user` is invited to and could join now, newest first: not started
    /// (an invitee can't join once the countdown is set), made within
    /// `settings.lobbyListedFor` (a lobby no one starts stays open, and an invitation to
    /// run *now* goes stale), at most `listedLobbiesLimit`. A connecting user is sent
    /// each, so one who was offline when invited still hears of it. Members who joined
    /// are not listed: they rejoin by the session id they hold (docs/live-protocol.md).
    ///
    /// - Complexity: one query on `live_members (user_id, status)`, then one per lobby
    ///   for its state.
    static func invitedLobbies(of user: UUID, settings: LiveSettings, on database: any Database,
                               now: Date = Date()) async throws -> [LiveSession] {
        try await LiveSession.query(on: database)
            .join(LiveMember.self, on: \LiveSession.$id == \LiveMember.$session.$id)
            .filter(LiveMember.self, \.$user.$id == user)
            .filter(LiveMember.self, \.$status == Status.invited)
            .filter(\.$startsAt == nil)
            .filter(\.$finishedAt == nil)
            .filter(\.$createdAt >= now.addingTimeInterval(-settings.lobbyListedFor))
            .sort(\.$createdAt, .descending)
            .limit(listedLobbiesLimit)
            .all()
    }
}
