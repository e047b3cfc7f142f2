import Fluent
import Foundation

/// What becomes of the clubs a user owns when their account is deleted: each passes to its
/// longest-standing admin, or else its longest-standing member; a club with no one else
/// in it goes. (Their other memberships go with their row.)
enum ClubSuccession {
    /// Settles the clubs `user` owns, in the account deletion's transaction.
    static func settle(leaving user: UUID, on database: any Database) async throws {
        let owned = try await ClubMembership.query(on: database).filter(\.$user.$id == user).filter(\.$role == .owner).all()
        for ownership in owned {
            let clubID = ownership.$club.id
            let others = ClubMembership.query(on: database).filter(\.$club.$id == clubID).filter(\.$status == .member)
                .filter(\.$user.$id != user)
            var heir = try await others.copy().filter(\.$role == .admin).sort(\.$since).sort(\.$id).first()
            if heir == nil { heir = try await others.copy().sort(\.$since).sort(\.$id).first() }
            try await ownership.delete(on: database)  // first: one owner per club, by a unique index
            if let heir {
                heir.role = .owner
                try await heir.save(on: database)
            } else {
                try await ClubMembership.query(on: database).filter(\.$club.$id == clubID).delete()
                try await Club.query(on: database).filter(\.$id == clubID).delete()
            }
        }
    }
}
