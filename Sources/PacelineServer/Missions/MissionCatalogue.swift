import Fluent
import Foundation
import PacelineCore

/// The missions in the database: saving one (replacing a mission of the same id whole)
/// and loading one back as a `PacelineCore.Mission`.
enum MissionCatalogue {
    /// Saves `mission`, replacing the routes and stages of a stored mission with the same
    /// id (journeys on it stay, with their stages clamped to the new shape when read).
    /// Call it inside a transaction, so an import is all or nothing.
    /// - Returns: whether the mission is new.
    /// - Complexity: O(routes + stages + points) rows and bytes written.
    @discardableResult
    static func save(_ mission: Mission, on database: any Database) async throws -> Bool {
        let record = try await MissionRow.query(on: database).filter(\.$key == mission.id).first() ?? MissionRow()
        let isNew = record.id == nil
        record.key = mission.id
        record.name = mission.name
        record.summary = mission.summary
        record.attribution = mission.attribution
        record.lengthMeters = mission.length
        record.routeCount = mission.routes.count
        record.stageCount = mission.stageCount
        try await record.save(on: database)
        let missionID = try record.requireID()
        if !isNew {
            let routeIDs = try await MissionRouteRow.query(on: database).filter(\.$mission.$id == missionID).all(\.$id)
            try await MissionStageRow.query(on: database).filter(\.$route.$id ~~ routeIDs).delete()
            try await MissionRouteRow.query(on: database).filter(\.$mission.$id == missionID).delete()
        }
        for (position, route) in mission.routes.enumerated() {
            let routeRecord = MissionRouteRow()
            routeRecord.$mission.id = missionID
            routeRecord.position = position
            routeRecord.name = route.name
            routeRecord.lengthMeters = route.path.length
            routeRecord.goldSeconds = route.medals.gold
            routeRecord.silverSeconds = route.medals.silver
            routeRecord.bronzeSeconds = route.medals.bronze
            routeRecord.path = CompactTrack.encode(Track(segments: [route.path.coordinates.map { Fix(coordinate: $0) }]))
            try await routeRecord.create(on: database)
            let stages = try route.stages.enumerated().map { position, stage in
                let stageRecord = MissionStageRow()
                stageRecord.$route.id = try routeRecord.requireID()
                stageRecord.position = position
                stageRecord.name = stage.name
                stageRecord.startMeters = stage.start
                stageRecord.endMeters = stage.end
                stageRecord.photoURL = stage.photo?.url
                stageRecord.photoAttribution = stage.photo?.attribution
                stageRecord.photoPage = stage.photo?.page
                return stageRecord
            }
            try await stages.create(on: database)
        }
        // The stages' photos, for the instance to fetch and serve (`PictureFetching`).
        try await Pictures.register(mission.routes.flatMap(\.stages).compactMap(\.photo?.url), on: database)
        return isNew
    }

    /// The stored mission with id `key` and its record, or 404.
    /// - Complexity: three queries; decodes every route's line.
    static func load(_ key: String, on database: any Database) async throws -> (record: MissionRow, mission: Mission) {
        guard let record = try await MissionRow.query(on: database).filter(\.$key == key).first() else {
            throw Refusal.notFound("mission")
        }
        return (record, try await mission(of: record, on: database))
    }

    /// The mission `record` stores, routes and stages in order.
    static func mission(of record: MissionRow, on database: any Database) async throws -> Mission {
        let routeRecords = try await MissionRouteRow.query(on: database).filter(\.$mission.$id == record.requireID())
            .sort(\.$position).all()
        let stageRecords = try await MissionStageRow.query(on: database).filter(\.$route.$id ~~ routeRecords.map { try $0.requireID() })
            .sort(\.$position).all()
        let stagesByRoute = Dictionary(grouping: stageRecords) { $0.$route.id }
        let routes = try routeRecords.map { route in
            let coordinates = try CompactTrack.decode(route.path).track.fixes.compactMap(\.coordinate)
            let stages = (stagesByRoute[try route.requireID()] ?? []).map { stage in
                MissionStage(name: stage.name, start: stage.startMeters, end: stage.endMeters,
                             photo: stage.photoURL.map { StagePhoto(url: $0, attribution: stage.photoAttribution ?? "", page: stage.photoPage) })
            }
            return MissionRoute(name: route.name, path: MissionPath(coordinates), stages: stages,
                                medals: MedalThresholds(gold: route.goldSeconds, silver: route.silverSeconds, bronze: route.bronzeSeconds))
        }
        return Mission(id: record.key, name: record.name, summary: record.summary, attribution: record.attribution, routes: routes)
    }
}
