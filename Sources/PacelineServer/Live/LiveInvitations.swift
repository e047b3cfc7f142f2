// TEMPORARY until the invitations branch merges.
import Fluent
import Foundation
enum LiveInvitations {
    static func session(for id: String, user: UUID, settings: LiveSettings, on database: any Database) async throws -> LiveSession {
        throw APIError(status: .forbidden, code: "not_invited", message: "you are not invited to that session")
    }
}
