import Fluent
import Foundation

/// A live connection some instance holds for an account, counted against
/// `LiveSettings.socketsPerAccount` until `expiresAt`; the instance renews it while the
/// connection lasts and deletes it on close (`LiveSocketLeases`).
final class LiveSocketLease: Model, @unchecked Sendable {
    static let schema = "live_socket_leases"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}
