import Fluent
import Foundation
import PacelineCore

/// What a user has achieved on missions, for an achievements engine: every stage
/// completed, every route completed (with its medal) and every mission finished, each
/// with its date.
///
/// ```swift
/// let milestones = try await MissionMilestones.of([userID], on: database)
/// milestones.filter { $0.kind == .route && $0.medal == .gold }.count   // gold medals won
/// ```
struct MissionMilestone: Sendable, Hashable {
    enum Kind: String, Sendable { case stage, route, mission }

    var kind: Kind
    /// Whose journey it was on.
    var user: UUID
    /// The mission's id (`scotland-canals`) and name.
    var mission: String
    var missionName: String
    /// The stage's or route's name, or the mission's.
    var name: String
    /// The route's index (stages and routes), and the stage's within it (stages).
    var route: Int?
    var stage: Int?
    var medal: Medal?
    var date: Date
}

enum MissionMilestones {
    /// Every milestone of `users` on the journeys they are on now (a journey left or
    /// restarted keeps none), oldest first.
    /// - Complexity: O(missions) queries, O(advances + stages) work per journey.
    static func of(_ users: [UUID], on database: any Database) async throws -> [MissionMilestone] {
        try await of(try await JourneyRow.query(on: database).filter(\.$user.$id ~~ users).all(), on: database)
    }

    /// Every milestone on `journeys` (anyone's), oldest first; each mission is loaded once,
    /// however many of the journeys are on it, and the advances of all in one query.
    /// - Complexity: O(missions) queries, O(advances + stages) work per journey.
    static func of(_ journeys: [JourneyRow], on database: any Database) async throws -> [MissionMilestone] {
        guard !journeys.isEmpty else { return [] }
        let advances = try await JourneyReplay.advances(of: journeys.map { try $0.requireID() }, on: database)
        var missions: [UUID: Mission] = [:]
        var milestones: [MissionMilestone] = []
        for journey in journeys {
            let user = journey.$user.id
            if missions[journey.$mission.id] == nil { missions[journey.$mission.id] = try await loadMission(journey.$mission.id, on: database) }
            guard let mission = missions[journey.$mission.id] else { continue }
            let progress = try JourneyReplay.replay(journey, of: mission, advances: advances[journey.requireID()] ?? []).progress
            for completion in progress.stagesCompleted {
                milestones.append(MissionMilestone(kind: .stage, user: user, mission: mission.id, missionName: mission.name, name: mission[completion.stage].name,
                                                   route: completion.stage.route, stage: completion.stage.stage, date: completion.date))
            }
            for completion in progress.routesCompleted {
                milestones.append(MissionMilestone(kind: .route, user: user, mission: mission.id, missionName: mission.name, name: mission.routes[completion.route].name,
                                                   route: completion.route, medal: completion.medal, date: completion.date))
            }
            if let finished = progress.finishedAt {
                milestones.append(MissionMilestone(kind: .mission, user: user, mission: mission.id, missionName: mission.name, name: mission.name, date: finished))
            }
        }
        return milestones.sorted { $0.date < $1.date }
    }

    /// The stored mission `id`; nil when it is gone.
    private static func loadMission(_ id: UUID, on database: any Database) async throws -> Mission? {
        guard let record = try await MissionRow.find(id, on: database) else { return nil }
        return try await MissionCatalogue.mission(of: record, on: database)
    }
}
