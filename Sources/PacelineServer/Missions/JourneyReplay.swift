import Fluent
import Foundation
import PacelineCore

/// A journey's progress, rebuilt from its advances in the order they were credited.
///
/// Progress is never stored, only the verified distance each run offered: replaying them
/// through `MissionProgress` gives the distance, the stages and routes completed with
/// their dates and medals, and what each run did. Two runs credited at once can't lose
/// an update, and a mission imported again with other stages is simply replayed anew.
struct JourneyReplay {
    let journey: JourneyRecord
    let mission: Mission
    let progress: MissionProgress
    /// What each run did, by run id.
    let advances: [UUID: MissionAdvance]
    /// Each run's verified distance, by run id.
    let verified: [UUID: Double]

    /// - Complexity: O(advances + stages completed), one query for the advances.
    static func replay(_ journey: JourneyRecord, of mission: Mission, on database: any Database) async throws -> JourneyReplay {
        let records = try await JourneyAdvanceRecord.query(on: database).filter(\.$journey.$id == journey.requireID())
            .sort(\.$createdAt).sort(\.$id).all()
        var progress = MissionProgress(try chosenJourney(journey, of: mission), startedAt: journey.startedAt)
        var advances: [UUID: MissionAdvance] = [:]
        var verified: [UUID: Double] = [:]
        for record in records {
            advances[record.runID] = progress.advance(by: record.verifiedMeters, at: record.runEnd)
            verified[record.runID] = record.verifiedMeters
        }
        return JourneyReplay(journey: journey, mission: mission, progress: progress, advances: advances, verified: verified)
    }

    /// The stages the user chose, clamped to the mission as it is now (an import may have
    /// shortened it).
    static func chosenJourney(_ journey: JourneyRecord, of mission: Mission) throws -> MissionJourney {
        func clamped(_ route: Int, _ stage: Int) -> StageIndex {
            let route = min(max(0, route), mission.routes.count - 1)
            return StageIndex(route: route, stage: min(max(0, stage), mission.routes[route].stages.count - 1))
        }
        let first = clamped(journey.firstRoute, journey.firstStage)
        let last = max(first, clamped(journey.lastRoute, journey.lastStage))
        do {
            return try MissionJourney(mission, from: first, to: last)
        } catch {
            throw APIError.unprocessable(error.message)
        }
    }
}
