import PacelineAPI
import PacelineCore

extension APIHandler {
    func getPrivacyZones(_ input: Operations.GetPrivacyZones.Input) async throws -> Operations.GetPrivacyZones.Output {
        .ok(.init(body: .json(try await currentUser().privacyZonesSchema)))
    }

    /// Replaces the user's zones, every one checked first (nothing changes on a bad one), and
    /// places the user's routes again (`AccountBook.replacePrivacyZones`).
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
        let zones = try await AccountBook.replacePrivacyZones(of: try AuthenticatedUser.required().id, with: chosen, on: database)
        return .ok(.init(body: .json(User.privacyZonesSchema(of: zones))))
    }
}
