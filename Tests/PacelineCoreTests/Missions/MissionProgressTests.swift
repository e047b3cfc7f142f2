import Foundation
import Testing
@testable import PacelineCore

@Suite struct MissionProgressTests {
    let mission = MissionFixtures.mission()
    let joined = Date(timeIntervalSince1970: 1_700_000_000)
    let day = MissionFixtures.day

    @Test func aStageBoundaryCrossedMidRunCarriesTheRestIntoTheNextStage() throws {
        var progress = MissionProgress(try MissionJourney(mission), startedAt: joined)
        let first = progress.advance(by: 2_000, at: joined.addingTimeInterval(day))
        #expect(first.credited == 2_000 && first.stagesCompleted.isEmpty)
        // 2 km + 1.8 km crosses the 3 km end of stage 1: 800 m into stage 2.
        let second = progress.advance(by: 1_800, at: joined.addingTimeInterval(2 * day))
        #expect(second.stagesCompleted == [StageIndex(route: 0, stage: 0)])
        #expect(progress.stagesCompleted == [StageCompletion(stage: StageIndex(route: 0, stage: 0), date: joined.addingTimeInterval(2 * day))])
        let position = progress.position
        #expect(position.stage == StageIndex(route: 0, stage: 1))
        #expect(abs(position.metresIntoStage - 800) < 1e-9)
        let along = Geodesy.distance(mission.routes[0].path.coordinates[0], position.coordinate)
        #expect(abs(along - 3_800) < 0.01)
    }

    @Test func distancePastARoutesEndCarriesIntoTheNextRouteAndEarnsAMedal() throws {
        var progress = MissionProgress(try MissionJourney(mission), startedAt: joined)
        let routeLength = mission.routes[0].path.length
        // One big day: the whole first route and 1 km of the second, after 5 days: gold.
        let advance = progress.advance(by: routeLength + 1_000, at: joined.addingTimeInterval(5 * day))
        #expect(advance.stagesCompleted.count == 3)
        #expect(advance.routesCompleted == [RouteCompletion(route: 0, date: joined.addingTimeInterval(5 * day), seconds: 5 * day, medal: .gold)])
        #expect(progress.position.stage == StageIndex(route: 1, stage: 0))
        #expect(abs(progress.position.metresIntoStage - 1_000) < 1e-6)
        let onSecond = Geodesy.distance(mission.routes[1].path.coordinates[0], progress.position.coordinate)
        #expect(abs(onSecond - 1_000) < 0.01)
        // The second route's clock starts when the first was completed: 20 days later is bronze.
        let rest = progress.remaining
        let last = progress.advance(by: rest, at: joined.addingTimeInterval(25 * day))
        #expect(last.routesCompleted.first?.medal == .bronze)
        #expect(last.routesCompleted.first?.seconds == 20 * day)
        #expect(last.finished)
    }

    @Test(arguments: [(6.0, Medal.gold), (7.0, .gold), (7.5, .silver), (14.0, .silver), (20.0, .bronze), (28.0, .bronze), (28.1, nil)])
    func medalsFollowTheRoutesThresholds(days: Double, medal: Medal?) throws {
        var progress = MissionProgress(try MissionJourney(mission), startedAt: joined)
        let advance = progress.advance(by: mission.routes[0].path.length, at: joined.addingTimeInterval(days * day))
        #expect(advance.routesCompleted.map(\.medal) == [medal])
    }

    @Test func nothingIsCreditedPastTheEndOfTheMission() throws {
        var progress = MissionProgress(try MissionJourney(mission), startedAt: joined)
        let length = mission.length
        let advance = progress.advance(by: length + 5_000, at: joined.addingTimeInterval(day))
        #expect(abs(advance.credited - length) < 1e-9)
        #expect(advance.finished && progress.finishedAt == joined.addingTimeInterval(day))
        #expect(progress.remaining == 0)
        let after = progress.advance(by: 3_000, at: joined.addingTimeInterval(2 * day))
        #expect(after.credited == 0 && after.stagesCompleted.isEmpty && !after.finished)
        #expect(progress.position.coordinate == mission.routes[1].path.coordinates.last)
        #expect(progress.stagesCompleted.count == 5 && progress.routesCompleted.count == 2)
    }

    @Test func aChosenStartAndEndMakeAShorterJourneyWithoutMedalsForPartRoutes() throws {
        let journey = try MissionJourney(mission, from: StageIndex(route: 0, stage: 1), to: StageIndex(route: 1, stage: 0))
        let expected = (mission.routes[0].path.length - 3_000) + 2_500
        #expect(abs(journey.length - expected) < 1e-9)
        #expect(journey.legs.map(\.stage) == [StageIndex(route: 0, stage: 1), StageIndex(route: 0, stage: 2), StageIndex(route: 1, stage: 0)])
        #expect(journey.position(at: 0).coordinate == mission.routes[0].path.coordinate(at: 3_000))
        var progress = MissionProgress(journey, startedAt: joined)
        let advance = progress.advance(by: 1e6, at: joined.addingTimeInterval(day))
        #expect(advance.routesCompleted.map(\.route) == [0, 1])
        #expect(advance.routesCompleted.allSatisfy { $0.medal == nil })
        #expect(throws: MissionError.self) { try MissionJourney(mission, from: StageIndex(route: 1, stage: 0), to: StageIndex(route: 0, stage: 2)) }
        #expect(throws: MissionError.self) { try MissionJourney(mission, from: StageIndex(route: 0, stage: 0), to: StageIndex(route: 2, stage: 0)) }
    }

    @Test func positionsAtStageEndsBelongToTheNextStage() throws {
        let journey = try MissionJourney(mission)
        #expect(journey.position(at: 3_000).stage == StageIndex(route: 0, stage: 1))
        #expect(journey.position(at: 3_000).metresIntoStage == 0)
        #expect(journey.position(at: journey.length).stage == StageIndex(route: 1, stage: 1))
    }
}
