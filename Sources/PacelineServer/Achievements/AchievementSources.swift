import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// Gathers a user's achievement facts from what the server stored and verified: one
/// function per source, so a new source is one more function and one more line in `facts`.
///
/// Nothing here comes from a client's numbers: distances and times are the server's own
/// statistics of uploaded tracks; groups are live sessions the server ran and invitations
/// backed by a run of the guest's at that time.
enum AchievementSources {
    /// Every fact of `user`'s.
    /// - Complexity: a few queries, linear in the user's runs and sessions.
    static func facts(of user: UUID, on database: any Database) async throws -> AchievementFacts {
        let activities = try await activities(of: user, on: database)
        let milestones = try await MissionMilestones.of(user, on: database)
        return AchievementFacts(
            activities: activities,
            groups: try await liveGroups(of: user, on: database) + invitationGroups(of: user, activities: activities, on: database),
            discoveries: try await discoveries(of: user, on: database),
            stages: stages(in: milestones),
            missions: missions(in: milestones))
    }

    /// The user's runs (deleted ones not), with the routes they ran.
    static func activities(of user: UUID, on database: any Database) async throws -> [ActivityFact] {
        let runs = try await Run.query(on: database)
            .filter(\.$owner.$id == user).filter(\.$startTime != nil)
            .field(\.$id).field(\.$owner.$id).field(\.$sport).field(\.$startTime).field(\.$utcOffsetSeconds)
            .field(\.$distanceMeters).field(\.$movingSeconds).field(\.$bestEfforts).field(\.$startLongitude).field(\.$route.$id)
            .all()
        var routeOfRun: [UUID: UUID] = [:]
        for entry in try await RouteRun.query(on: database).filter(\.$runner.$id == user)
            .field(\.$id).field(\.$run.$id).field(\.$route.$id).field(\.$runner.$id).all() {
            routeOfRun[entry.$run.id] = entry.$route.id
        }
        return runs.compactMap { run in
            guard let id = run.id, let start = run.startTime else { return nil }
            return ActivityFact(
                id: id.apiID, start: start, utcOffsetSeconds: run.localOffset, sport: Sport(rawValue: run.sport) ?? .other,
                distanceMeters: run.distanceMeters, movingSeconds: run.movingSeconds, bestEfforts: run.efforts,
                routeID: (run.$route.id ?? routeOfRun[id])?.apiID)
        }
    }

    /// Finished live sessions the user finished or raced in: the group is everyone who did.
    static func liveGroups(of user: UUID, on database: any Database) async throws -> [GroupFact] {
        let mine = try await LiveMember.query(on: database).filter(\.$user.$id == user)
            .filter(\.$status ~~ Self.tookPart).all()
        let sessionIDs = mine.map(\.$session.id)
        guard !sessionIDs.isEmpty else { return [] }
        let sessions = try await LiveSession.query(on: database).filter(\.$id ~~ sessionIDs).filter(\.$finishedAt != nil).all()
        let members = try await LiveMember.query(on: database).filter(\.$session.$id ~~ sessionIDs)
            .filter(\.$status ~~ Self.tookPart).all()
        var sizes: [UUID: Int] = [:]
        for member in members { sizes[member.$session.id, default: 0] += 1 }
        return sessions.compactMap { session in
            guard let id = session.id, let date = session.startsAt ?? session.finishedAt else { return nil }
            return GroupFact(id: "live:\(id.apiID)", date: date, groupSize: sizes[id] ?? 1)
        }
    }

    /// The live member statuses of someone who ran the race.
    static let tookPart = [LiveSessionState.Member.Status.finished, .running, .gaveUp].map(\.rawValue)

    /// Invitations that took place with the user: they hosted or accepted, it was not
    /// cancelled, it did not become a live session (counted there), and the user has a
    /// run starting within `invitationWindow` of its start. The group is the host and
    /// the guests who accepted.
    static func invitationGroups(of user: UUID, activities: [ActivityFact], on database: any Database) async throws -> [GroupFact] {
        let accepted = try await InvitationGuest.query(on: database).filter(\.$guest.$id == user)
            .filter(\.$response == .accepted).all(\.$invitation.$id)
        let invitations = try await Invitation.query(on: database)
            .group(.or) { $0.filter(\.$host.$id == user).filter(\.$id ~~ accepted) }
            .filter(\.$status == .scheduled).filter(\.$liveSessionId == nil).with(\.$guests).all()
        let starts = activities.map(\.start).sorted()
        return invitations.compactMap { invitation in
            guard let id = invitation.id,
                  starts.contains(where: { abs($0.timeIntervalSince(invitation.startsAt)) <= invitationWindow }) else { return nil }
            let size = 1 + invitation.guests.filter { $0.response == .accepted }.count
            return GroupFact(id: "invitation:\(id.apiID)", date: invitation.startsAt, groupSize: size)
        }
    }

    /// How far from an invitation's start a run may begin and still be that outing.
    static let invitationWindow: TimeInterval = 2 * 3600

    /// Points of interest the user discovered: one fact per point, dated by the first run
    /// that passed it (a point two walks passed counts once).
    static func discoveries(of user: UUID, on database: any Database) async throws -> [DatedFact] {
        var first: [UUID: Date] = [:]
        for row in try await DiscoveryRow.query(on: database).filter(\.$user.$id == user)
            .field(\.$id).field(\.$user.$id).field(\.$point.$id).field(\.$discoveredAt).all() {
            first[row.$point.id] = min(first[row.$point.id] ?? row.discoveredAt, row.discoveredAt)
        }
        return first.map { DatedFact(id: $0.key.apiID, date: $0.value) }
    }

    /// Mission stages the user completed, one fact each, dated when it was completed.
    static func stages(in milestones: [MissionMilestone]) -> [DatedFact] {
        milestones.filter { $0.kind == .stage }.map { stage in
            DatedFact(id: "\(stage.mission):\(stage.route ?? 0):\(stage.stage ?? 0)", date: stage.date)
        }
    }

    /// Missions the user finished, with a medal: a mission's medal is the lowest of its
    /// routes' (gold only when every route was gold), none when a route won none.
    static func missions(in milestones: [MissionMilestone]) -> [MissionFact] {
        milestones.filter { $0.kind == .mission }.map { finished in
            let medals = milestones.filter { $0.kind == .route && $0.mission == finished.mission }.map(\.medal)
            return MissionFact(id: finished.mission, date: finished.date, medal: Medal.lowest(of: medals))
        }
    }
}

extension Run {
    /// The UTC offset at the run's start: the client's, else the nautical zone of its longitude.
    var localOffset: Int { utcOffsetSeconds ?? LocalDay.fallbackOffset(longitude: startLongitude) }
}
