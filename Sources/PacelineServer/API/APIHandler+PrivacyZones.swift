import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func getPrivacyZones(_ input: Operations.GetPrivacyZones.Input) async throws -> Operations.GetPrivacyZones.Output {
        .ok(.init(body: .json(Self.schema(of: try await currentUser().privacyZones))))
    }

    /// Replaces the user's zones, every one checked first (nothing changes on a bad one),
    /// and places the user's routes again at their first point outside them. A zone sent
    /// back as it was (the same point and radius) keeps its hidden circle; a new, moved or
    /// resized one has its hidden circle drawn now (`PrivacyZone`). Read and written under the
    /// user's lock, so two changes at once can't both draw for one zone.
    func putPrivacyZones(_ input: Operations.PutPrivacyZones.Input) async throws -> Operations.PutPrivacyZones.Output {
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        guard body.zones.count <= PrivacyZone.maximumCount else {
            throw Refusal.invalid("zones: \(body.zones.count) zones, more than \(PrivacyZone.maximumCount)")
        }
        let chosen = try body.zones.enumerated().map { index, zone in
            let center = Coordinate(latitude: zone.latitude, longitude: zone.longitude)
            guard zone.latitude.isFinite, zone.longitude.isFinite, center.isValid else {
                throw Refusal.invalid("zones[\(index)]: latitude must be -90 to 90 and longitude -180 to 180")
            }
            guard zone.radiusMeters.isFinite, PrivacyZone.radii.contains(zone.radiusMeters) else {
                throw Refusal.invalid("zones[\(index)].radiusMeters must be \(Int(PrivacyZone.radii.lowerBound)) to \(Int(PrivacyZone.radii.upperBound)) m")
            }
            return (center: center, radiusMeters: zone.radiusMeters)
        }
        let id = try AuthenticatedUser.required().id
        let zones = try await database.lockingUser(id) { transaction in
            guard let user = try await User.find(id, on: transaction) else { throw Refusal.unauthenticated() }
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
        return .ok(.init(body: .json(Self.schema(of: zones))))
    }

    /// The zones as their owner chose them: the hidden circles are never sent, to the owner
    /// neither (an account's export or a shared screen would carry them).
    private static func schema(of zones: [PrivacyZone]) -> Components.Schemas.PrivacyZones {
        .init(zones: zones.map { .init(latitude: $0.center.latitude, longitude: $0.center.longitude, radiusMeters: $0.radiusMeters) })
    }
}
