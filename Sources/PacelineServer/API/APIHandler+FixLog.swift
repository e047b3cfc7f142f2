import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    /// POST /fixes: one fix as GPSLogger's custom URL sends it, kept in its log (`FixLog`).
    func logFix(_ input: Operations.LogFix.Input) async throws -> Operations.LogFix.Output {
        let user = try AuthenticatedUser.required()
        let query = input.query
        let fix = try FixLog.Received(latitude: query.lat, longitude: query.lon, time: query.time, timestamp: query.timestamp,
                                      altitude: query.alt, accuracy: query.acc)
        let key = try FixLog.Key(starttimestamp: query.starttimestamp, time: fix.time)
        let kept = try await FixLog.keep(fix, in: key, sport: query.sport, of: user.id, on: database)
        return .accepted(.init(body: .json(.init(fixes: kept.fixes,
                                                 becomesRunAfter: kept.lastReceivedAt.addingTimeInterval(settings.fixLogs.quiet)))))
    }
}
