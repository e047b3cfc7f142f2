import Fluent
import Foundation
import PacelineAPI
import SQLKit

/// A user's phones that take pushed notifications, and the kinds they keep off them. A
/// subscription is one browser's: made again by another account on the same browser, it
/// passes to that account (one row per endpoint). At most `maximum` per user, counted under
/// the user's lock.
enum PushSubscriptions {
    /// The most subscriptions (browsers, phones) one user keeps.
    static let maximum = 20

    /// Keeps `user`'s subscription `subscription`: 400 for an endpoint that is not a public
    /// https address (`PushEndpoint`) or keys that are not a browser's, 409 past `maximum`.
    static func subscribe(_ subscription: Components.Schemas.PushSubscription, by user: UUID, settings: PushSettings,
                          on database: any Database) async throws {
        let endpoint: PushEndpoint
        do {
            endpoint = try await PushEndpoint.checked(subscription.endpoint, allowsPrivate: settings.toPrivateAddresses)
        } catch let refusal as PushEndpoint.Refusal {
            throw Refusal.invalid(refusal.description)
        }
        guard let key = Base64URL.decode(subscription.keys.p256dh), key.count == 65, key.first == 4 else {
            throw Refusal.invalid("`keys.p256dh` must be a P-256 public key: 65 bytes, base64url")
        }
        guard let auth = Base64URL.decode(subscription.keys.auth), auth.count == 16 else {
            throw Refusal.invalid("`keys.auth` must be 16 bytes, base64url")
        }
        try await database.lockingUser(user) { transaction in
            let kept = try await PushSubscriptionRow.query(on: transaction).filter(\.$user.$id == user)
                .filter(\.$endpoint != endpoint.url.absoluteString).count()
            guard kept < maximum else { throw Refusal.conflict("at most \(maximum) devices take notifications; turn one off first") }
            try await transaction.sql.insert(into: PushSubscriptionRow.schema)
                .columns("id", "user_id", "endpoint", "p256dh", "auth", "created_at")
                .values(SQLBind(UUID()), SQLBind(user), SQLBind(endpoint.url.absoluteString), SQLBind(Base64URL.encode(key)),
                        SQLBind(Base64URL.encode(auth)), SQLBind(Date()))
                .onConflict(with: ["endpoint"]) { conflict in
                    conflict.set(excludedValueOf: "user_id").set(excludedValueOf: "p256dh").set(excludedValueOf: "auth")
                }
                .run()
        }
    }

    /// Removes `user`'s subscription at `endpoint` (none: nothing changes).
    static func unsubscribe(_ endpoint: String, by user: UUID, on database: any Database) async throws {
        _ = try TextInput.checked(endpoint, "endpoint", .init(characters: PushEndpoint.maximumLength))
        try await PushSubscriptionRow.query(on: database).filter(\.$user.$id == user).filter(\.$endpoint == endpoint).delete()
    }

    /// `user`'s notification settings: the kinds kept off their phones, how many phones, and
    /// the notifications they asked for.
    static func settings(of user: UUID, on database: any Database) async throws -> Components.Schemas.NotificationSettings {
        let account = try await AccountBook.user(user, on: database)
        return .init(pushMuted: account.pushMutedKinds,
                     pushDevices: try await PushSubscriptionRow.query(on: database).filter(\.$user.$id == user).count(),
                     friendRecords: account.notifiesFriendRecords, idleReminderDays: account.idleReminderDays)
    }

    /// Changes what `update` sends of `user`'s settings (400 for a reminder outside 0 to 60
    /// days), and answers them.
    static func change(_ update: Components.Schemas.NotificationSettingsUpdate, of user: UUID, on database: any Database) async throws
        -> Components.Schemas.NotificationSettings
    {
        let account = try await AccountBook.user(user, on: database)
        if let muted = update.pushMuted { account.pushMutedKinds = Components.Schemas.NotificationKind.allCases.filter(muted.contains) }
        if let records = update.friendRecords { account.notifiesFriendRecords = records }
        if let days = update.idleReminderDays {
            guard (0...60).contains(days) else { throw Refusal.invalid("`idleReminderDays` must be 1 to 60, or 0 for never") }
            account.idleReminderDays = days == 0 ? nil : days
        }
        try await account.save(on: database)
        return try await settings(of: user, on: database)
    }
}
