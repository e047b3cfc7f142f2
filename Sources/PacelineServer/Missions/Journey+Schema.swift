import Foundation
import PacelineAPI
import PacelineCore

extension JourneyReplay {
    /// The journey as the API shows it, with `user` as its traveller.
    func schema(user: User) -> Components.Schemas.Journey {
        let journey = progress.journey
        return Components.Schemas.Journey(
            missionId: mission.id, missionName: mission.name, user: user.summary,
            privacy: self.journey.privacy,
            start: .init(route: journey.first.route, stage: journey.first.stage),
            end: .init(route: journey.last.route, stage: journey.last.stage),
            startedAt: self.journey.startedAt, distanceMeters: progress.distance, lengthMeters: journey.length,
            remainingMeters: progress.remaining, place: place(progress.position),
            completedStages: progress.stagesCompleted.map { completedStage($0.stage, at: $0.date) },
            completedRoutes: progress.routesCompleted.map(completedRoute),
            finishedAt: progress.finishedAt)
    }

    /// What run `runID` did to the journey; nil when it was not credited to it.
    func advanceSchema(run runID: UUID) -> Components.Schemas.MissionAdvance? {
        guard let (record, advance) = credits[runID] else { return nil }
        return Components.Schemas.MissionAdvance(
            missionId: mission.id, missionName: mission.name, creditedMeters: advance.credited, verifiedMeters: record.verifiedMeters,
            // The replay completes a run's stages when the run ended.
            completedStages: advance.stagesCompleted.map { completedStage($0, at: record.runEnd) },
            completedRoutes: advance.routesCompleted.map(completedRoute), finished: advance.finished,
            place: place(progress.position))
    }

    private func place(_ position: JourneyPosition) -> Components.Schemas.JourneyPlace {
        let stage = mission[position.stage]
        return .init(route: position.stage.route, stage: position.stage.stage, routeName: mission.routes[position.stage.route].name,
                     stageName: stage.name, metersIntoStage: position.metresIntoStage, stageLengthMeters: stage.length,
                     position: .init(latitude: position.coordinate.latitude, longitude: position.coordinate.longitude))
    }

    private func completedStage(_ index: StageIndex, at date: Date) -> Components.Schemas.CompletedStage {
        let stage = mission[index]
        return .init(route: index.route, stage: index.stage, name: stage.name, completedAt: date,
                     photo: stage.photo.map { .init(url: $0.url, attribution: $0.attribution, page: $0.page,
                                                    pictureUrl: pictures[$0.url].map(Pictures.path)) })
    }

    private func completedRoute(_ completion: RouteCompletion) -> Components.Schemas.CompletedRoute {
        .init(route: completion.route, name: mission.routes[completion.route].name, completedAt: completion.date,
              seconds: completion.seconds, medal: completion.medal)
    }
}

extension Mission {
    /// How far apart (metres) the points of a line drawn on the map may be dropped.
    static let mapTolerance = 10.0

    /// The mission for the map: lines simplified, stages without photos.
    var detailSchema: Components.Schemas.MissionDetail {
        Components.Schemas.MissionDetail(
            id: id, name: name, summary: summary, attribution: attribution, lengthMeters: length,
            routes: routes.map { route in
                .init(name: route.name, lengthMeters: route.path.length,
                      medalSeconds: .init(gold: route.medals.gold, silver: route.medals.silver, bronze: route.medals.bronze),
                      path: route.path.simplified(tolerance: Self.mapTolerance).map { [$0.latitude, $0.longitude] },
                      stages: route.stages.map { stage in
                          let end = route.path.coordinate(at: stage.end)
                          return .init(name: stage.name, startMeters: stage.start, endMeters: stage.end,
                                       end: .init(latitude: end.latitude, longitude: end.longitude), hasPhoto: stage.photo != nil)
                      })
            })
    }
}
