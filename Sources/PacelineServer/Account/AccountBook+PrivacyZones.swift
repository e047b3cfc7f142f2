import Fluent
import Foundation
import PacelineCore

extension AccountBook {
    /// Replaces the privacy zones of account `id` with `chosen` (each checked by the
    /// caller), and places the user's routes again at their first point outside them. A
    /// zone sent back as it was (the same point and radius) keeps its hidden circle; a new,
    /// moved or resized one has its hidden circle drawn now (`PrivacyZone`). Read and
    /// written under the user's lock, so two changes at once can't both draw for one zone.
    /// 401 when the account is gone.
    static func replacePrivacyZones(of id: UUID, with chosen: [(center: Coordinate, radiusMeters: Double)],
                                    on database: any Database) async throws -> [PrivacyZone] {
        try await database.lockingUser(id) { transaction in
            let user = try await user(id, on: transaction)
            var drawn = user.privacyZones
            var random = SystemRandomNumberGenerator()
            let zones = chosen.map { center, radius in
                guard let kept = drawn.firstIndex(where: { $0.isChosen(at: center, radiusMeters: radius) }) else {
                    return PrivacyZone(center: center, radiusMeters: radius, drawingFrom: &random)
                }
                return drawn.remove(at: kept)
            }
            user.privacyZones = zones
            try await user.save(on: transaction)
            try await RoutePlacement.replace(routesOf: user, on: transaction)
            return zones
        }
    }
}
