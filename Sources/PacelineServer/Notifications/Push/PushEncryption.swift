import Crypto
import Foundation

/// A push message's payload encrypted for one browser, as RFC 8291 (Message Encryption for
/// Web Push) says, in RFC 8188's `aes128gcm` content coding: an ephemeral P-256 key agrees
/// a secret with the browser's key (`p256dh`), mixed with its authentication secret; the
/// body is the coding's header (salt, record size, the ephemeral public key) and one record.
enum PushEncryption {
    /// The record size written in the header; one record holds the whole payload.
    static let recordSize = 4096
    /// The longest payload: a record less its padding delimiter and the AES-GCM tag.
    static let maximumPlaintext = recordSize - 17

    /// Why a payload can't be encrypted for a subscription.
    enum Problem: Error {
        case badBrowserKey, badAuthSecret, payloadTooLong
    }

    /// `plaintext` encrypted for the browser with public key `browserKey` (65 bytes,
    /// uncompressed) and authentication secret `authSecret` (16 bytes); `salt` and
    /// `ephemeral` are random unless given (tests give them to compare with RFC 8291's example).
    static func encrypt(_ plaintext: Data, browserKey: Data, authSecret: Data,
                        salt: Data = randomBytes(16), ephemeral: P256.KeyAgreement.PrivateKey = .init()) throws -> Data {
        guard plaintext.count <= maximumPlaintext else { throw Problem.payloadTooLong }
        guard authSecret.count == 16 else { throw Problem.badAuthSecret }
        guard browserKey.count == 65, let browser = try? P256.KeyAgreement.PublicKey(x963Representation: browserKey) else {
            throw Problem.badBrowserKey
        }
        let serverKey = ephemeral.publicKey.x963Representation
        let shared = try ephemeral.sharedSecretFromKeyAgreement(with: browser)
        // RFC 8291 §3.4: the input keying material, from the shared secret and the auth secret.
        let keyInfo = Data("WebPush: info".utf8) + [0] + browserKey + serverKey
        let inputKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: shared.withUnsafeBytes { Data($0) }),
                                              salt: authSecret, info: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2, 2.3: the content encryption key and the nonce, from the salt.
        let contentKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                                info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: inputKey, salt: salt,
                                           info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey,
                                      nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        var header = salt
        withUnsafeBytes(of: UInt32(recordSize).bigEndian) { header.append(contentsOf: $0) }
        header.append(UInt8(serverKey.count))
        header.append(serverKey)
        return header + sealed.ciphertext + sealed.tag
    }

    static func randomBytes(_ count: Int) -> Data {
        Data((0..<count).map { _ in UInt8.random(in: .min ... .max) })
    }
}
