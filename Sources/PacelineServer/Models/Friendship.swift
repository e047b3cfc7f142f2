import Fluent
import Foundation

/// Two users' friendship, or one's request for it: one row per pair, whoever asked, so
/// the pair's unique index makes two concurrent requests between them one row.
///
/// The pair is stored in a fixed order (`Friendship.pair`), `userLow` before `userHigh`;
/// `requester` says who asked.
final class Friendship: Model, @unchecked Sendable {
    static let schema = "friendships"

    /// Asked and waiting, or accepted.
    enum Status: String, Codable, Sendable {
        case pending, accepted
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_low_id") var userLow: User
    @Parent(key: "user_high_id") var userHigh: User
    /// Who sent the request.
    @Parent(key: "requester_id") var requester: User
    @Field(key: "status") var status: Status
    /// When the request was accepted; nil while pending.
    @OptionalField(key: "accepted_at") var acceptedAt: Date?
    /// When the request was sent.
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    /// A request from `requester` to `addressee`.
    init(requester: UUID, addressee: UUID) {
        let pair = Self.pair(requester, addressee)
        self.$userLow.id = pair.low
        self.$userHigh.id = pair.high
        self.$requester.id = requester
        self.status = .pending
    }

    /// `a` and `b` in the order rows store them (any fixed total order serves; this is
    /// the order of their canonical text).
    static func pair(_ a: UUID, _ b: UUID) -> (low: UUID, high: UUID) {
        a.uuidString < b.uuidString ? (a, b) : (b, a)
    }

    /// The other one of the pair, seen from `user`.
    func other(than user: UUID) -> UUID {
        $userLow.id == user ? $userHigh.id : $userLow.id
    }

    /// The row between `a` and `b`, whatever its status and whoever asked.
    static func between(_ a: UUID, _ b: UUID, on database: any Database) async throws -> Friendship? {
        let pair = pair(a, b)
        return try await query(on: database).filter(\.$userLow.$id == pair.low).filter(\.$userHigh.$id == pair.high).first()
    }
}
