import Fluent
import Foundation
import HTTPTypes

/// A token in the address (`?token=`), for an app that can set nothing but a URL: FitoTrack's
/// HTTP export, GPSLogger's custom URL. Weaker than `Authorization: Bearer`, as an address is
/// kept in the app's settings, the phone's history and any proxy's access log, so it is
/// held tighter (docs/SECURITY.md, "A token in the address"): only the uploads take it
/// (`TokenScope.uploads`; 400 on any other operation), and only an upload-only token may
/// travel there (403 `token_scope` for a wider one, which is then best revoked). Paceline's own
/// log names routes, never addresses (`AccessLog`), so the token is never written down here.
enum AppTokenParameter {
    /// The query parameter's name.
    static let name = "token"

    /// The token `request`'s address carries, if any.
    /// - Throws: 400 when an operation other than an upload is given one (a mistake to say,
    ///   rather than a token silently ignored).
    static func token(in request: HTTPRequest, for operationID: String) throws -> String? {
        guard let path = request.path, path.contains("?"),
              let items = URLComponents(string: path)?.queryItems,
              let value = items.first(where: { $0.name == name })?.value
        else { return nil }
        guard TokenScope.uploads.contains(operationID) else {
            throw Refusal.invalid("only uploads take a token in the address: send it as `Authorization: Bearer <token>`")
        }
        return value
    }

    /// The user an address's `token` signs in, or 401 when it is unknown, revoked or expired.
    /// - Throws: 403 `token_scope` for a token wider than upload-only.
    static func user(bearing token: String, on database: any Database) async throws -> AuthenticatedUser {
        var user = try await Authentication.user(bearing: token, on: database)
        guard user.scope == .upload else {
            throw Refusal(.forbidden, code: "token_scope",
                          message: "a token in the address must be upload-only: make one in Profile › Connected apps, and revoke this one, which an address may have leaked")
        }
        user.credential = .queryParameter
        return user
    }
}
