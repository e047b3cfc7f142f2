import Fluent
import Foundation

/// Friend requests and their answers, on the one `Friendship` row of a pair: a request
/// makes it (pending), accepting turns it accepted, and declining, withdrawing or ending
/// the friendship deletes it, so the two are strangers again and may ask anew.
struct FriendRequests: Sendable {
    let database: any Database

    /// What sending a request did.
    enum Outcome {
        /// A new pending request.
        case requested
        /// The sender's request was already pending; nothing changed.
        case alreadyRequested
        /// The addressee had asked the sender: their request is accepted.
        case befriended
    }

    /// `sender` asks the user `userID` names: 400 when it is no user id, or the sender's
    /// own; 404 when there is no such user or they blocked the sender, 409 when the sender
    /// blocked them; then `send`'s answer, with the addressee, who is told.
    func request(from sender: UUID, to userID: String) async throws -> (addressee: User, outcome: Outcome) {
        guard let addresseeID = UUID(uuidString: userID) else { throw Refusal.invalid("`userId` is not a user id") }
        guard addresseeID != sender else { throw Refusal.invalid("you can't send yourself a friend request") }
        guard let addressee = try await User.find(addresseeID, on: database),
              try await !Blocks.isBlocked(sender, by: addresseeID, on: database) else { throw Refusal.notFound("user") }
        guard try await !Blocks.isBlocked(addresseeID, by: sender, on: database) else {
            throw Refusal.conflict("you blocked this user; unblock them first")
        }
        let outcome = try await send(from: sender, to: addresseeID)
        switch outcome {
        case .requested: try await Notifications.tell(addresseeID, .friendRequest, by: sender, on: database)
        case .befriended: try await Notifications.tell(addresseeID, .friendAccepted, by: sender, on: database)
        case .alreadyRequested: break
        }
        return (addressee, outcome)
    }

    /// `sender` asks `addressee` (an existing user other than the sender); 409 when they
    /// are friends already.
    func send(from sender: UUID, to addressee: UUID) async throws -> Outcome {
        if let existing = try await Friendship.between(sender, addressee, on: database) {
            return try await answer(existing, from: sender)
        }
        do {
            try await Friendship(requester: sender, addressee: addressee).create(on: database)
            return .requested
        } catch {
            // The pair's row appeared meanwhile (both asked at once, or a retry): the
            // unique index kept it to one row, which decides the answer.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await Friendship.between(sender, addressee, on: database) else { throw error }
            return try await answer(existing, from: sender)
        }
    }

    /// `addressee` accepts the pending request of the user `requesterID` names (`accept`),
    /// with the requester, who is told; 404 when there is no such user.
    func accept(from requesterID: String, by addressee: UUID) async throws -> (requester: User, friendship: Friendship) {
        guard let id = UUID(uuidString: requesterID), let requester = try await User.find(id, on: database)
        else { throw Refusal.notFound("friend request from this user") }
        let friendship = try await accept(from: id, by: addressee)
        try await Notifications.tell(id, .friendAccepted, by: addressee, on: database)
        return (requester, friendship)
    }

    /// `addressee` accepts `requester`'s pending request (accepting again is harmless);
    /// 404 when `requester` asked nothing and is not a friend.
    func accept(from requester: UUID, by addressee: UUID) async throws -> Friendship {
        guard let friendship = try await Friendship.between(requester, addressee, on: database),
              friendship.status == .accepted || friendship.$requester.id == requester
        else { throw Refusal.notFound("friend request from this user") }
        if friendship.status == .pending { try await befriend(friendship) }
        return friendship
    }

    /// `addressee` declines `requester`'s pending request; 404 when there is none.
    func decline(from requester: UUID, by addressee: UUID) async throws {
        guard let friendship = try await Friendship.between(requester, addressee, on: database),
              friendship.status == .pending, friendship.$requester.id == requester
        else { throw Refusal.notFound("friend request from this user") }
        try await friendship.delete(on: database)
    }

    /// `user` ends their friendship with `other`, or withdraws the request they sent them;
    /// 404 when there is neither.
    func remove(_ other: UUID, by user: UUID) async throws {
        guard let friendship = try await Friendship.between(user, other, on: database),
              friendship.status == .accepted || friendship.$requester.id == user
        else { throw Refusal.notFound("friend or friend request sent") }
        try await friendship.delete(on: database)
    }

    /// What a request from `sender` does to the pair's existing row.
    private func answer(_ friendship: Friendship, from sender: UUID) async throws -> Outcome {
        switch friendship.status {
        case .accepted:
            throw Refusal.conflict("you are friends already")
        case .pending where friendship.$requester.id == sender:
            return .alreadyRequested
        case .pending:
            try await befriend(friendship)
            return .befriended
        }
    }

    private func befriend(_ friendship: Friendship) async throws {
        friendship.status = .accepted
        friendship.acceptedAt = Date()
        try await friendship.save(on: database)
    }
}
