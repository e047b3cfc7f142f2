// TEMPORARY stand-in until the friends branch merges.
import Fluent
import Foundation
enum Friends {
    static func areFriends(_ a: UUID, _ b: UUID, on database: any Database) async throws -> Bool { false }
    static func friendIDs(of user: UUID, on database: any Database) async throws -> Set<UUID> { [] }
}
