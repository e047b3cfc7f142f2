import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// Gathers users' achievement facts from what the server stored and verified: one
/// function per source, so a new source is one more function and one more line in `facts`.
/// Each source asks for all the users at once (`user_id IN (…)`), so a leaderboard of
/// many members costs the queries of one.
///
/// Nothing here comes from a client's numbers: distances are the credited distances the
/// server measured on uploaded tracks (`CreditedDistance`), times its own statistics; groups are live sessions the server ran and invitations
/// backed by a run of the guest's at that time.
enum AchievementSources {
    /// How much of each activity to gather: points read less than badges do.
    enum Detail: Sendable {
        /// What `Points` reads: no best efforts (a JSON column to decode per run) and no routes.
        case points
        /// Everything, as `AchievementReport`'s badges need.
        case all
    }

    /// Every fact of `user`'s.
    /// - Complexity: as `facts(of:detail:on:)` for one user.
    static func facts(of user: UUID, detail: Detail = .all, on database: any Database) async throws -> AchievementFacts {
        try await facts(of: [user], detail: detail, on: database)[user] ?? AchievementFacts()
    }

    /// The facts of each of `users` (every one of them a key, with empty facts when they did nothing).
    /// - Complexity: a number of queries that does not grow with the users: six for
    ///   `.points` when none raced live, was invited or is on a mission, at most eleven plus
    ///   three per mission someone is on; work linear in the users' runs, sessions,
    ///   invitations, discoveries and mission advances.
    static func facts(of users: [UUID], detail: Detail, on database: any Database) async throws -> [UUID: AchievementFacts] {
        guard !users.isEmpty else { return [:] }
        let activities = try await activities(of: users, detail: detail, on: database)
        let live = try await liveGroups(of: users, on: database)
        let invited = try await invitationGroups(of: users, activities: activities, on: database)
        let discoveries = try await discoveries(of: users, on: database)
        let milestones = Dictionary(grouping: try await MissionMilestones.of(users, on: database), by: \.user)
        var facts: [UUID: AchievementFacts] = [:]
        for user in users {
            facts[user] = AchievementFacts(
                activities: activities[user] ?? [],
                groups: (live[user] ?? []) + (invited[user] ?? []),
                discoveries: discoveries[user] ?? [],
                stages: stages(in: milestones[user] ?? []),
                missions: missions(in: milestones[user] ?? []))
        }
        return facts
    }

    /// Each user's runs (deleted ones not), with the routes they ran unless `detail` is `.points`.
    ///
    /// Read with SQLKit, not as `Run` models: decoding a Fluent model reflects over all its
    /// properties for every row, which was most of a leaderboard's time (docs/PERFORMANCE.md).
    static func activities(of users: [UUID], detail: Detail, on database: any Database) async throws -> [UUID: [ActivityFact]] {
        var columns = ["id", "owner_id", "sport", "start_time", "utc_offset_s", "credited_distance_m", "moving_s", "start_lon"]
        var routeOfRun: [UUID: UUID] = [:]
        // The run a route was made from did not run a route: "On the route" is earned by following one.
        var origins: Set<UUID> = []
        if detail == .all {
            columns += ["best_efforts", "route_id"]
            for entry in try await RouteRun.query(on: database).filter(\.$runner.$id ~~ users)
                .field(\.$id).field(\.$run.$id).field(\.$route.$id).field(\.$runner.$id).all() {
                routeOfRun[entry.$run.id] = entry.$route.id
            }
            origins = Set(try await Route.query(on: database).filter(\.$creator.$id ~~ users)
                .field(\.$id).field(\.$run.$id).all().map(\.$run.id))
        }
        let rows = try await database.sql.select().columns(columns).from(Run.schema)
            .where("owner_id", .in, users).where("start_time", .isNot, SQLLiteral.null).where("deleted_at", .is, SQLLiteral.null)
            .all()
        var activities: [UUID: [ActivityFact]] = [:]
        for row in rows {
            let id = try row.decode(column: "id", as: UUID.self)
            let offset = try row.decode(column: "utc_offset_s", as: Int?.self)
            let longitude = try row.decode(column: "start_lon", as: Double?.self)
            let route = detail == .all && !origins.contains(id) ? try row.decode(column: "route_id", as: UUID?.self) ?? routeOfRun[id] : nil
            activities[try row.decode(column: "owner_id", as: UUID.self), default: []].append(ActivityFact(
                id: id.apiID, start: try row.decode(column: "start_time", as: Date.self),
                utcOffsetSeconds: offset ?? LocalDay.fallbackOffset(longitude: longitude),
                sport: try row.decode(column: "sport", as: Sport.self),
                distanceMeters: try row.decode(column: "credited_distance_m", as: Double.self).storedOrZero,
                movingSeconds: try row.decode(column: "moving_s", as: Double.self).storedOrZero,
                bestEfforts: detail == .all ? BestEffort.stored(try row.decode(column: "best_efforts", as: String.self)) : [],
                routeID: route?.apiID))
        }
        return activities
    }

    /// Finished live sessions each user finished or raced in: the group is everyone who did.
    static func liveGroups(of users: [UUID], on database: any Database) async throws -> [UUID: [GroupFact]] {
        var sessionsOf: [UUID: Set<UUID>] = [:]
        for member in try await LiveMember.query(on: database).filter(\.$user.$id ~~ users)
            .filter(\.$status ~~ Self.tookPart).all() {
            sessionsOf[member.$user.id, default: []].insert(member.$session.id)
        }
        let sessionIDs = Array(sessionsOf.values.reduce(into: Set<UUID>()) { $0.formUnion($1) })
        guard !sessionIDs.isEmpty else { return [:] }
        let sessions = try await LiveSession.query(on: database).filter(\.$id ~~ sessionIDs).filter(\.$finishedAt != nil).all()
        let members = try await LiveMember.query(on: database).filter(\.$session.$id ~~ sessionIDs)
            .filter(\.$status ~~ Self.tookPart).all()
        var sizes: [UUID: Int] = [:]
        for member in members { sizes[member.$session.id, default: 0] += 1 }
        var groups: [UUID: GroupFact] = [:]
        for session in sessions {
            guard let id = session.id, let date = session.startsAt ?? session.finishedAt else { continue }
            groups[id] = GroupFact(id: "live:\(id.apiID)", date: date, groupSize: sizes[id] ?? 1)
        }
        return sessionsOf.mapValues { mine in mine.compactMap { groups[$0] } }
    }

    /// The live member statuses of someone who ran the race.
    static let tookPart: [LiveSessionState.Member.Status] = [.finished, .running, .gaveUp]

    /// Invitations that took place with each user: they hosted or accepted, it was not
    /// cancelled, it did not become a live session (counted there), and the user has a
    /// run starting within `invitationWindow` of its start. The group is the host and
    /// the guests who accepted.
    static func invitationGroups(of users: [UUID], activities: [UUID: [ActivityFact]],
                                 on database: any Database) async throws -> [UUID: [GroupFact]] {
        let accepted = try await InvitationGuest.query(on: database).filter(\.$guest.$id ~~ users)
            .filter(\.$response == .accepted).all(\.$invitation.$id)
        let invitations = try await Invitation.query(on: database)
            .group(.or) { $0.filter(\.$host.$id ~~ users).filter(\.$id ~~ accepted) }
            .filter(\.$status == .scheduled).filter(\.$liveSessionId == nil).with(\.$guests).all()
        let wanted = Set(users)
        var groups: [UUID: [GroupFact]] = [:]
        for invitation in invitations {
            guard let id = invitation.id else { continue }
            let guests = invitation.guests.filter { $0.response == .accepted }.map(\.$guest.id)
            let fact = GroupFact(id: "invitation:\(id.apiID)", date: invitation.startsAt, groupSize: 1 + guests.count)
            for user in Set([invitation.$host.id] + guests).intersection(wanted)
            where (activities[user] ?? []).contains(where: { abs($0.start.timeIntervalSince(invitation.startsAt)) <= invitationWindow }) {
                groups[user, default: []].append(fact)
            }
        }
        return groups
    }

    /// How far from an invitation's start a run may begin and still be that outing.
    static let invitationWindow: TimeInterval = 2 * 3600

    /// Points of interest each user discovered: one fact per point, dated by the first run
    /// that passed it (a point two walks passed counts once).
    static func discoveries(of users: [UUID], on database: any Database) async throws -> [UUID: [DatedFact]] {
        var first: [UUID: [UUID: Date]] = [:]
        for row in try await DiscoveryRow.query(on: database).filter(\.$user.$id ~~ users)
            .field(\.$id).field(\.$user.$id).field(\.$point.$id).field(\.$discoveredAt).all() {
            first[row.$user.id, default: [:]][row.$point.id] = min(first[row.$user.id]?[row.$point.id] ?? row.discoveredAt, row.discoveredAt)
        }
        return first.mapValues { points in points.map { DatedFact(id: $0.key.apiID, date: $0.value) } }
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
