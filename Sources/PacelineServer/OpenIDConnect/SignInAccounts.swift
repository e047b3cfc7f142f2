import Fluent
import Foundation
import PacelineAPI

/// The accounts at OpenID providers that sign a user in (`external_identities`), for
/// their profile.
enum SignInAccounts {
    /// `userID`'s linked accounts, oldest first, each named by `name(issuer)`.
    static func linked(to userID: UUID, naming name: (String) -> String, on database: any Database) async throws
        -> Components.Schemas.SignInAccounts {
        let identities = try await ExternalIdentity.query(on: database).filter(\.$user.$id == userID)
            .sort(\.$createdAt).all()
        return .init(accounts: identities.map {
            .init(provider: name($0.issuer), email: $0.email, linkedAt: $0.createdAt ?? Date(timeIntervalSince1970: 0))
        })
    }
}
