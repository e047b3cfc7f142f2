import _CryptoExtras
import Crypto
import Foundation

/// A provider's signing key as its JWKS publishes it (RFC 7517), for the algorithms an ID
/// token may be signed with here: RSA (RS256, 2048 bits or more) and P-256 (ES256).
struct JSONWebKey: Decodable, Sendable {
    var kty: String
    var kid: String?
    var use: String?
    var alg: String?
    var n: String?
    var e: String?
    var crv: String?
    var x: String?
    var y: String?

    /// `{"keys": [...]}`; keys of other kinds (encryption keys, other curves) are kept and never chosen.
    struct Set: Decodable, Sendable {
        var keys: [JSONWebKey]
    }

    /// Whether this key may check a signature made with `algorithm`: its kind fits, it is
    /// not marked for encryption, and it names no other algorithm.
    func signs(with algorithm: IDToken.Algorithm) -> Bool {
        guard use == nil || use == "sig", alg == nil || alg == algorithm.rawValue else { return false }
        switch algorithm {
        case .rs256: return kty == "RSA"
        case .es256: return kty == "EC" && crv == "P-256"
        }
    }

    /// Whether `signature` over `input` is this key's, with `algorithm` (false for a key that
    /// can't be read, an RSA key under 2048 bits, or a signature of the wrong size).
    func verifies(_ signature: Data, over input: Data, with algorithm: IDToken.Algorithm) -> Bool {
        switch algorithm {
        case .rs256:
            guard let n = n.flatMap(Base64URL.decode), let e = e.flatMap(Base64URL.decode),
                  let key = try? _RSA.Signing.PublicKey(n: n, e: e), key.keySizeInBits >= 2048 else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: input),
                                        padding: .insecurePKCS1v1_5)
        case .es256:
            guard let x = x.flatMap(Base64URL.decode), let y = y.flatMap(Base64URL.decode), x.count == 32, y.count == 32,
                  let key = try? P256.Signing.PublicKey(rawRepresentation: x + y),
                  let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(ecdsa, for: SHA256.hash(data: input))
        }
    }
}
