import AsyncHTTPClient
import Fluent
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import SQLKit
import Synchronization
import Vapor

/// Pushes new notifications to the phones of those told (Web Push). A notification is
/// stored `pending` in the transaction that made it (`Notifications.tell`), so nothing is
/// lost to a restart; each instance looks every second, claims a batch in one statement
/// (an instance never sends one another claimed), and sends each to every subscription of
/// its user who has not muted its kind: encrypted (`PushEncryption`), signed (`VAPID`), to
/// an endpoint checked again (`PushEndpoint`), with a deadline, no redirects followed. A
/// subscription its push service says is gone (404, 410) is deleted. One older than an
/// hour when first seen is not pushed (a phone woken by yesterday's kudos helps nobody).
package final class PushDelivery: LifecycleHandler, Sendable {
    static let pending = "pending"
    static let sent = "sent"
    static let expired = "expired"
    /// How often each instance looks, seconds.
    static let interval: TimeInterval = 1
    /// The most notifications one look claims.
    static let batch = 50
    /// A push service's deadline per message, seconds.
    static let deadline: Int64 = 10

    private let loop = Mutex<Task<Void, Never>?>(nil)
    private let database: any Database
    private let vapid: VAPID
    private let settings: PushSettings
    private let subject: String
    private let client: HTTPClient
    private let logger: Logger

    init(database: any Database, vapid: VAPID, settings: PushSettings, publicURL: URL?, logger: Logger) {
        self.database = database
        self.vapid = vapid
        self.settings = settings
        self.subject = settings.contact ?? publicURL.flatMap { $0.scheme == "https" ? $0.absoluteString : nil } ?? "mailto:operator@localhost"
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(Self.deadline)))
        configuration.httpVersion = .automatic
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.logger = logger
    }

    package func didBootAsync(_ application: Application) async throws {
        loop.withLock { $0 = repeating(every: Self.interval) { [self] in
            do {
                try await deliverPending()
            } catch is CancellationError {
            } catch {
                logger.error("notifications not pushed: \(String(reflecting: error))")
            }
        } }
    }

    package func shutdownAsync(_ application: Application) async {
        let task = loop.withLock { task in defer { task = nil }; return task }
        task?.cancel()
        await task?.value
        try? await client.shutdown()
    }

    /// Claims and pushes what is pending (what `interval` does); the number pushed to at
    /// least one phone.
    @discardableResult
    func deliverPending(now: Date = Date()) async throws -> Int {
        // A read first (on the partial index): an idle instance writes nothing, so SQLite's
        // one writer is never taken every second for nothing.
        guard try await database.sql.raw("SELECT id FROM notifications WHERE push_state = \(bind: Self.pending) LIMIT 1").first() != nil
        else { return 0 }
        try await database.sql.update(NotificationRow.schema).set("push_state", to: SQLBind(Self.expired))
            .where("push_state", .equal, SQLBind(Self.pending)).where("created_at", .lessThan, SQLBind(now.addingTimeInterval(-3600))).run()
        let claimed = try await database.sql.raw("""
            UPDATE notifications SET push_state = \(bind: Self.sent) WHERE push_state = \(bind: Self.pending) AND id IN
            (SELECT id FROM notifications WHERE push_state = \(bind: Self.pending) ORDER BY created_at LIMIT \(bind: Self.batch))
            RETURNING id
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !claimed.isEmpty else { return 0 }
        let rows = try await NotificationRow.query(on: database).filter(\.$id ~~ claimed).with(\.$actor).with(\.$user).all()
        let subscriptions = try await PushSubscriptionRow.query(on: database).filter(\.$user.$id ~~ Set(rows.map(\.$user.id))).all()
        var pushed = 0
        for row in rows where !row.user.pushMutedKinds.contains(row.kind) {
            let own = subscriptions.filter { $0.$user.id == row.$user.id }
            guard !own.isEmpty else { continue }
            let message = try await PushMessage.of(row, on: database)
            var reached = false
            for subscription in own { reached = try await send(message, to: subscription) || reached }
            if reached { pushed += 1 }
        }
        return pushed
    }

    /// Sends `message` to `subscription`; whether its push service took it. One that is
    /// gone, or whose endpoint now names a private address, is deleted.
    private func send(_ message: PushMessage, to subscription: PushSubscriptionRow) async throws -> Bool {
        let endpoint: PushEndpoint
        do {
            endpoint = try await PushEndpoint.checked(subscription.endpoint, allowsPrivate: settings.toPrivateAddresses)
        } catch PushEndpoint.Refusal.unresolvable {
            return false  // the name may resolve again later
        } catch {
            logger.warning("push subscription removed: \(error)")
            try await subscription.delete(on: database)
            return false
        }
        guard let browserKey = Base64URL.decode(subscription.browserKey), let auth = Base64URL.decode(subscription.authSecret) else {
            try await subscription.delete(on: database)
            return false
        }
        var request = HTTPClientRequest(url: endpoint.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "TTL", value: "86400")
        request.headers.add(name: "Urgency", value: "normal")
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "Authorization", value: try vapid.authorization(for: endpoint.url, subject: subject))
        request.body = .bytes(ByteBuffer(data: try PushEncryption.encrypt(message.payload, browserKey: browserKey, authSecret: auth)))
        do {
            let response = try await client.execute(request, timeout: .seconds(Self.deadline))
            _ = try? await response.body.collect(upTo: 64 << 10)
            switch response.status.code {
            case 200..<300: return true
            case 404, 410:
                try await subscription.delete(on: database)
                return false
            default:
                logger.warning("push service answered \(response.status.code) for a subscription of \(subscription.$user.id)")
                return false
            }
        } catch {
            logger.warning("push not delivered: \(error)")
            return false
        }
    }
}
