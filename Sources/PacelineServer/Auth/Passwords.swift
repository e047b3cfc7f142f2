import Crypto
import Foundation
import Vapor

/// How passwords are checked, stored and verified.
///
/// A password has 10 to 256 characters. bcrypt reads at most 72 bytes and would drop the
/// rest without a word, so a new hash is bcrypt of the password's SHA-256 (NFC first, so
/// an "é" typed on any device is the same; base64, 44 bytes), stored as `sha256:` and the
/// bcrypt string. Hashes from before (plain bcrypt, `$2b$…`) still verify, and are
/// replaced at the next successful login.
///
/// Verifying costs one bcrypt whether or not there is an account: for an unknown email
/// the password is checked against a decoy hash of the same cost, so the time of an
/// answer tells no one which emails have accounts.
///
/// bcrypt runs on threads of its own, half the cores (at least one): on the shared
/// blocking pool it queued SQLite's queries behind it, and when a club signs in at once
/// every request waited for the sign-ins. Here a wave of sign-ins waits for itself.
struct Passwords: Sendable {
    /// Characters a new password may have.
    static let characters = 10...256
    /// UTF-8 bytes a new password may have (256 characters of up to 4 bytes each).
    static let maximumBytes = TextInput.Limit.password.bytes
    /// The prefix of a hash of the pre-hashed password.
    static let prehashedPrefix = "sha256:"

    /// What verifying a password found.
    enum Verdict: Equatable {
        case wrong
        case right
        /// Right, against a plain-bcrypt hash from before: store `hash(_:)` of it instead.
        case rightInOldForm
    }

    /// bcrypt's cost: 2^cost rounds.
    let cost: Int
    private let threadPool: NIOThreadPool
    private let decoy: String

    /// Starts the threads and hashes the decoy at `cost` once (one bcrypt, at start);
    /// `shutdown` stops the threads.
    init(cost: Int, threads: Int = max(1, System.coreCount / 2)) throws {
        self.cost = cost
        decoy = Self.prehashedPrefix + (try Bcrypt.hash(Self.prehash(UUID().uuidString), cost: cost))
        threadPool = NIOThreadPool(numberOfThreads: threads)
        threadPool.start()
    }

    /// Stops the threads once the hashes under way are done.
    func shutdown() async throws {
        try await threadPool.shutdownGracefully()
    }

    /// `password` if it may be a new password: 10 to 256 characters, no NUL; else 400
    /// naming `field`.
    static func checked(_ password: String, field: String) throws -> String {
        guard characters.contains(password.count), password.unicodeScalars.count <= characters.upperBound,
              password.utf8.count <= maximumBytes else {
            throw Refusal.invalid("`\(field)`: a password needs \(characters.lowerBound) to \(characters.upperBound) characters (at most \(maximumBytes) bytes)")
        }
        return try TextInput.checked(password, field, .password)
    }

    /// The hash to store for `password`.
    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threadPool.runIfActive { Self.prehashedPrefix + (try Bcrypt.hash(Self.prehash(password), cost: cost)) }
    }

    /// Whether `password` is the one `stored` was made from; with no `stored` (no such
    /// account), checked against the decoy and wrong, at the same cost.
    func verify(_ password: String, against stored: String?) async throws -> Verdict {
        let hash = stored ?? decoy
        let verdict = try await threadPool.runIfActive { () -> Verdict in
            if hash.hasPrefix(Self.prehashedPrefix) {
                return try Bcrypt.verify(Self.prehash(password), created: String(hash.dropFirst(Self.prehashedPrefix.count))) ? .right : .wrong
            }
            return try Bcrypt.verify(password, created: hash) ? .rightInOldForm : .wrong
        }
        return stored == nil ? .wrong : verdict
    }

    /// What bcrypt is given: the base64 SHA-256 of the NFC form's UTF-8, 44 bytes.
    private static func prehash(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.precomposedStringWithCanonicalMapping.utf8))).base64EncodedString()
    }
}
