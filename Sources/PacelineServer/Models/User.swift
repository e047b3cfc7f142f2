import Fluent
import Foundation
import PacelineAPI
import PacelineCore

/// An account: who runs, how they want numbers shown, and who sees their runs by default.
package final class User: Model, @unchecked Sendable {
    package static let schema = "users"

    @ID(key: .id) package var id: UUID?
    /// Lower-cased and trimmed, unique.
    @Field(key: "email") var email: String
    /// bcrypt.
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "display_name") var displayName: String
    /// `displayName` folded for search (`SearchName`); set on every save.
    @Field(key: "search_name") var searchName: String
    /// The units the user reads distances and paces in (stored as its raw value).
    @Field(key: "units") var units: UnitSystem
    @OptionalField(key: "weight_kg") var weightKilograms: Double?
    /// For estimating steps of walks without cadence (`StepCount.defaultStepLength` when nil).
    @OptionalField(key: "step_length_m") var stepLengthMeters: Double?
    /// The privacy a new run of the user gets, and the privacy of their profile (achievements):
    /// private ("only me") for a new account, until the user chooses.
    @Field(key: "default_privacy") var defaultPrivacy: Privacy
    /// Where the user's tracks are hidden from everyone else (`PrivacyZone`).
    @JSONText(key: "privacy_zones", absent: []) var privacyZones: [PrivacyZone]
    /// When an import last left this user's records and badges for later (`HistoryCatchUp`).
    @OptionalField(key: "history_pending_since") var historyPendingSince: Date?
    /// One of the instance's admins (`paceline admin grant`), who decide reports (`Moderation`).
    @Field(key: "is_admin") var isAdmin: Bool
    /// When an admin suspended the account (`Moderation`): it can't log in, and its comments are hidden.
    @OptionalField(key: "suspended_at") var suspendedAt: Date?
    /// The notification kinds the user keeps off their phones (`PushDelivery`); the list shows them all.
    @JSONText(key: "push_muted_kinds", absent: []) var pushMutedKinds: [Components.Schemas.NotificationKind]
    /// Whether friends see when the user is recording or in a live session (`Presence`); off until they choose.
    @Field(key: "shares_presence") var sharesPresence: Bool
    /// Whether the user is told of friends' personal records (`FriendRecords`); off until they choose.
    @Field(key: "notify_friend_records") var notifiesFriendRecords: Bool
    /// After how many days without an activity the user is reminded (`Reminders`); nil: never.
    @OptionalField(key: "idle_reminder_days") var idleReminderDays: Int?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    package init() {}

    package init(email: String, passwordHash: String, displayName: String) {
        self.email = email
        self.passwordHash = passwordHash
        self.displayName = displayName
        self.units = .metric
        self.defaultPrivacy = .private
        self.isAdmin = false
        self.sharesPresence = false
        self.notifiesFriendRecords = false
    }
}

extension User {
    /// Privacy zones as `users.privacy_zones` keeps them (none when nil), for a query that
    /// reads the column beside others.
    static func privacyZones(stored json: String?) -> [PrivacyZone] {
        json.flatMap(StoredJSON.value) ?? []
    }
}
