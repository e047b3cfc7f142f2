import Foundation

/// The secret of a club's invitation link: 256 random bits in URL-safe base64 after `cl_`
/// (`TokenIssuer.newToken`), unguessable; renewing it voids the old link. Kept as it is,
/// not hashed, as the club's admins are shown the link again to pass it on.
enum ClubSecret {
    /// A new secret.
    static func make() -> String { TokenIssuer.newToken(prefix: "cl_") }

    /// Whether `given` is `secret`, compared in time that does not depend on where they differ.
    static func matches(_ given: String, _ secret: String) -> Bool {
        let a = Array(given.utf8), b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
