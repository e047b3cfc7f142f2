import PacelineAPI
import PacelineCore

extension User {
    /// The account as its owner sees it.
    var profile: Components.Schemas.Profile {
        .init(
            id: id?.apiID ?? "",
            email: email,
            displayName: displayName,
            units: units,
            weightKilograms: weightKilograms,
            stepLengthMeters: stepLengthMeters,
            defaultPrivacy: defaultPrivacy,
            isAdmin: $isAdmin.value == true ? true : nil,
            sharesPresence: $sharesPresence.value ?? false
        )
    }

    /// The user's privacy zones as they chose them: the hidden circles are never sent, to
    /// the owner neither (an account's export or a shared screen would carry them).
    var privacyZonesSchema: Components.Schemas.PrivacyZones {
        Self.privacyZonesSchema(of: privacyZones)
    }

    /// `zones` as the API shows their owner.
    static func privacyZonesSchema(of zones: [PrivacyZone]) -> Components.Schemas.PrivacyZones {
        .init(zones: zones.map { .init(latitude: $0.center.latitude, longitude: $0.center.longitude, radiusMeters: $0.radiusMeters) })
    }

    /// The user as others see them: their id and name.
    var summary: Components.Schemas.UserSummary {
        .init(id: id?.apiID ?? "", displayName: displayName)
    }
}
