import Fluent
import Foundation
import PacelineAPI

/// Closes races past their time (`LiveSettings.closingTime`): a runner who dropped out
/// and never came back would otherwise keep everyone from their results. Every instance
/// sweeps; `LiveResultsMaker` lets only one make the results.
enum LiveSweeper {
    typealias Status = LiveSessionState.Member.Status

    /// Ends the overdue races; returns the sessions it ended.
    static func sweep(settings: LiveSettings, on database: any Database, now: Date = Date()) async throws -> [UUID] {
        let started = try await LiveSession.query(on: database).filter(\.$finishedAt == nil).filter(\.$startsAt < now).all()
        var ended: [UUID] = []
        for session in started {
            guard let startsAt = session.startsAt, settings.closingTime(start: startsAt, distance: session.distanceMeters) < now else { continue }
            let id = try session.requireID()
            try await LiveMember.query(on: database).filter(\.$session.$id == id).filter(\.$status == Status.running)
                .set(\.$status, to: Status.gaveUp).update()
            if try await LiveResultsMaker.finishIfDone(id, on: database) { ended.append(id) }
        }
        return ended
    }
}
