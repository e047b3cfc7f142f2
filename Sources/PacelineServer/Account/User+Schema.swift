import PacelineAPI

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
            defaultPrivacy: defaultPrivacy
        )
    }

    /// The user as others see them: their id and name.
    var summary: Components.Schemas.UserSummary {
        .init(id: id?.apiID ?? "", displayName: displayName)
    }
}
