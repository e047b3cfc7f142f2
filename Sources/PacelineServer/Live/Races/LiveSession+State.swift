import Fluent
import Foundation
import PacelineAPI

extension LiveSession {
    /// The session as its members see it, with every member's name and status.
    func state(on database: any Database, now: Date = Date()) async throws -> LiveSessionState {
        let id = try requireID()
        let members = try await LiveMember.query(on: database).filter(\.$session.$id == id).with(\.$user).all()
        let phase: LiveSessionState.Phase = if finishedAt != nil { .finished }
            else if let startsAt { startsAt > now ? .countdown : .running }
            else { .lobby }
        let codeWorks = (codeExpiresAt ?? .distantPast) > now
        return LiveSessionState(
            sessionId: id.apiID, hostId: $host.id.apiID, code: codeWorks ? code : nil, codeExpiresAt: codeWorks ? codeExpiresAt : nil,
            distanceMeters: distanceMeters, sport: sport, phase: phase, startsAt: startsAt, invitationId: invitationID?.apiID,
            members: members.sorted { $0.user.displayName < $1.user.displayName }.map {
                .init(userId: $0.$user.id.apiID, displayName: $0.user.displayName,
                      status: $0.status)
            })
    }

    /// The results, once the session finished.
    func storedResults() throws -> LiveResults? {
        guard let results else { return nil }
        return try LiveCoding.decode(LiveResults.self, from: results)
    }
}
