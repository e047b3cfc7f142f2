import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension AchievementBook {
    /// The achievements of user `id` (unparsed) as `viewer` (nil: nobody logged in) may see
    /// them, refreshed (`refresh`). They follow the owner's profile privacy
    /// (`users.default_privacy`), 404 when the viewer may not see it; a badge names its run
    /// only when that run is visible too. The viewer's friends are loaded once and decide both.
    static func report(ofUser id: String, seenBy viewer: UUID?, on database: any Database) async throws -> Components.Schemas.Achievements {
        let viewer: Viewer? = if let viewer { try await Viewer.load(viewer, on: database) } else { nil }
        func maySee(_ owner: UUID, _ privacy: Privacy) -> Bool {
            viewer?.maySee(owner: owner, privacy: privacy) ?? (privacy == .public)
        }
        guard let id = UUID(uuidString: id), let owner = try await User.find(id, on: database),
              maySee(id, owner.defaultPrivacy) else { throw Refusal.notFound("user") }
        let report = try await refresh(id, on: database)
        let runIDs = report.badges.compactMap { $0.earnedBy.flatMap(UUID.init(uuidString:)) }
        let runs = runIDs.isEmpty ? [] : try await Run.query(on: database).filter(\.$id ~~ runIDs)
            .field(\.$id).field(\.$owner.$id).field(\.$privacy).all()
        let visible = Set(runs.filter { maySee($0.$owner.id, $0.privacy) }.compactMap(\.id))
        return report.schema(user: owner, visibleRuns: visible.contains)
    }

    /// The badges `user`'s run `runID` earned, in the order earned, and the points it earned
    /// (`Points.earned`, and its discoveries'); 404 unless they own it.
    static func badges(ofRun runID: String, by user: UUID, on database: any Database) async throws -> Components.Schemas.BadgeList {
        let run = try await RunAccess.ownedRun(runID, by: user, on: database)
        let id = try run.requireID()
        let earned = try await EarnedBadge.query(on: database).filter(\.$runID == id).sort(\.$earnedAt).all()
        let facts = try await AchievementSources.facts(of: user, detail: .points, on: database)
        var points = Points.earned(by: id.apiID, in: facts)
        points.discovery = try await DiscoveryRow.query(on: database).filter(\.$run.$id == id).count() * Points.discoveryPoints
        return .init(badges: earned.compactMap { $0.schema(runVisible: true) }, points: points.schema)
    }
}
