import Fluent
import Foundation

/// Checks the tokens that live connections authenticate with, many in one query: the
/// `hello`s waiting when a query ends go in the next, up to `tokensPerQuery` at a time.
/// So a flood of `hello`s, with right tokens or wrong ones, costs the database one query
/// per 1,000 and never more than one connection of its pool at a time, whatever the
/// number of sockets: HTTP requests keep the rest of the pool.
///
/// ```swift
/// switch try await authenticator.check(token) {
/// case .valid(let user, let tokenHash): …   // welcome
/// case .unknown, .expired: …               // refuse
/// }
/// ```
actor LiveAuthenticator {
    /// What a token turned out to be.
    enum Verdict: Sendable {
        case valid(User, tokenHash: String)
        case unknown
        case expired
    }

    /// Tokens in one query at most: one bound value each, far below SQLite's 32,766.
    static let tokensPerQuery = 1_000

    private struct Waiting {
        var tokenHash: String
        var continuation: CheckedContinuation<Verdict, any Error>
    }

    private let database: any Database
    private var waiting: [Waiting] = []
    private var checking = false

    init(database: any Database) {
        self.database = database
    }

    /// What `token` is, once the query it goes in has answered.
    nonisolated func check(_ token: String) async throws -> Verdict {
        try await check(hash: TokenIssuer.hash(token))
    }

    private func check(hash: String) async throws -> Verdict {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(tokenHash: hash, continuation: continuation))
            guard !checking else { return }
            checking = true
            Task { await checkWaiting() }
        }
    }

    /// Answers the waiting checks, oldest first, `tokensPerQuery` per query, until none is left.
    private func checkWaiting() async {
        while !waiting.isEmpty {
            let batch = Array(waiting.prefix(Self.tokensPerQuery))
            waiting.removeFirst(batch.count)
            do {
                let found = try await LiveTokens.users(bearing: Set(batch.map(\.tokenHash)), on: database)
                let now = Date()
                for entry in batch {
                    guard let (user, expiresAt) = found[entry.tokenHash] else {
                        entry.continuation.resume(returning: .unknown)
                        continue
                    }
                    entry.continuation.resume(returning: expiresAt > now ? .valid(user, tokenHash: entry.tokenHash) : .expired)
                }
            } catch {
                for entry in batch { entry.continuation.resume(throwing: error) }
            }
        }
        checking = false
    }
}
