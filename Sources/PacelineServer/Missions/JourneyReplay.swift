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
    let journey: JourneyRow
    let mission: Mission
    let progress: MissionProgress
    /// What each run credited to the journey (its record: verified distance, start and
    /// end) and what that did to the progress, by run id.
    let credits: [UUID: (record: JourneyAdvanceRow, advance: MissionAdvance)]
    /// The stage photos the instance has fetched: each address's picture (`Pictures.fetched`).
    var pictures: [String: UUID] = [:]

    /// With the stage photos the instance has fetched.
    /// - Complexity: O(advances + stages completed), one query for the advances, one for the pictures.
    static func replay(_ journey: JourneyRow, of mission: Mission, on database: any Database) async throws -> JourneyReplay {
        let id = try journey.requireID()
        var replay = try replay(journey, of: mission, advances: try await advances(of: [id], on: database)[id] ?? [])
        replay.pictures = try await Pictures.fetched(mission.routes.flatMap(\.stages).compactMap(\.photo?.url), on: database)
        return replay
    }

    /// The advances of each of `journeys`, in the order they were credited.
    /// - Complexity: one query, O(advances).
    static func advances(of journeys: [UUID], on database: any Database) async throws -> [UUID: [JourneyAdvanceRow]] {
        Dictionary(grouping: try await JourneyAdvanceRow.query(on: database).filter(\.$journey.$id ~~ journeys)
            .sort(\.$createdAt).sort(\.$id).all()) { $0.$journey.id }
    }

    /// `journey` replayed through `records`, its advances in the order they were credited.
    /// - Complexity: O(advances + stages completed), no query.
    static func replay(_ journey: JourneyRow, of mission: Mission, advances records: [JourneyAdvanceRow]) throws -> JourneyReplay {
        var progress = MissionProgress(try chosenJourney(journey, of: mission), startedAt: journey.startedAt)
        var credits: [UUID: (record: JourneyAdvanceRow, advance: MissionAdvance)] = [:]
        for record in records {
            credits[record.runID] = (record, progress.advance(by: record.verifiedMeters, at: record.runEnd))
        }
        return JourneyReplay(journey: journey, mission: mission, progress: progress, credits: credits)
    }

    /// The stages the user chose, clamped to the mission as it is now (an import may have
    /// shortened it).
    static func chosenJourney(_ journey: JourneyRow, of mission: Mission) throws -> MissionJourney {
        func clamped(_ route: Int, _ stage: Int) -> StageIndex {
            let route = min(max(0, route), mission.routes.count - 1)
            return StageIndex(route: route, stage: min(max(0, stage), mission.routes[route].stages.count - 1))
        }
        let first = clamped(journey.firstRoute, journey.firstStage)
        let last = max(first, clamped(journey.lastRoute, journey.lastStage))
        do {
            return try MissionJourney(mission, from: first, to: last)
        } catch {
            throw Refusal.unprocessable(error.message)
        }
    }
}
