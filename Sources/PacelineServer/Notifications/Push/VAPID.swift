import Crypto
import Fluent
import Foundation
import SQLKit

/// The instance's VAPID key (RFC 8292): the P-256 key that signs each push request, so a
/// push service delivers only what this server sends to the subscriptions its browsers
/// made with the public half. Made on first start and kept in the database (`push_keys`),
/// so every instance on one PostgreSQL signs with the same key and a restart keeps the
/// subscriptions working.
struct VAPID: Sendable {
    /// The private key's 32 bytes (`P256.Signing.PrivateKey` is not `Sendable`).
    let privateKey: Data

    private var key: P256.Signing.PrivateKey {
        get throws { try P256.Signing.PrivateKey(rawRepresentation: privateKey) }
    }

    /// The public key as browsers take it (`applicationServerKey`): base64url of its 65 bytes.
    var publicKey: String { Base64URL.encode((try? key.publicKey.x963Representation) ?? Data()) }

    /// The kept key, made now when there is none (two instances starting at once keep one).
    /// An instance starting beside others reads it and writes nothing.
    static func load(on database: any Database) async throws -> VAPID {
        if let kept = try await kept(on: database) { return kept }
        try await database.sql.insert(into: "push_keys")
            .columns("id", "private_key", "created_at")
            .values(SQLBind(1), SQLBind(Base64URL.encode(P256.Signing.PrivateKey().rawRepresentation)), SQLBind(Date()))
            .ignoringConflicts(with: ["id"])
            .run()
        guard let kept = try await kept(on: database) else { throw VAPIDError.keyUnreadable }
        return kept
    }

    private static func kept(on database: any Database) async throws -> VAPID? {
        guard let text = try await database.sql.raw("SELECT private_key FROM push_keys WHERE id = 1").first()?
            .decode(column: "private_key", as: String.self) else { return nil }
        guard let raw = Base64URL.decode(text) else { throw VAPIDError.keyUnreadable }
        _ = try P256.Signing.PrivateKey(rawRepresentation: raw)  // a key, or the start fails saying so
        return VAPID(privateKey: raw)
    }

    /// The `Authorization` header of a push to `endpoint`: `vapid t=<JWT>, k=<public key>`,
    /// the JWT's audience the endpoint's origin, valid 12 hours, naming `subject` (a
    /// `mailto:` or the instance's address) for the push service to reach its operator.
    func authorization(for endpoint: URL, subject: String, now: Date = Date()) throws -> String {
        guard let scheme = endpoint.scheme, let host = endpoint.host else { throw VAPIDError.badEndpoint }
        let audience = "\(scheme)://\(host)" + (endpoint.port.map { ":\($0)" } ?? "")
        let header = Base64URL.encode(Data(#"{"typ":"JWT","alg":"ES256"}"#.utf8))
        let claims = try JSONSerialization.data(withJSONObject: [
            "aud": audience, "exp": Int(now.timeIntervalSince1970) + 12 * 3600, "sub": subject,
        ], options: [.sortedKeys])
        let signed = header + "." + Base64URL.encode(claims)
        let signature = try key.signature(for: Data(signed.utf8)).rawRepresentation
        return "vapid t=\(signed).\(Base64URL.encode(signature)), k=\(publicKey)"
    }

    enum VAPIDError: Error {
        case keyUnreadable, badEndpoint
    }
}
