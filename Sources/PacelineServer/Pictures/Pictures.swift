import Crypto
import Fluent
import Foundation
import SQLKit

/// The pictures the loaded data names: registered as the data is loaded, claimed and kept
/// by `PictureFetching`, looked up by address for the answers that show them, and read
/// back to be served.
enum Pictures {
    /// Attempts before a picture is given up (`Picture.State.failed`).
    static let maximumAttempts = 5
    /// How long a claim keeps other instances off a picture, seconds: longer than a fetch.
    static let claimLease: TimeInterval = 300
    /// The wait before attempt `n + 1` after `n` failed, seconds: 10 minutes, doubling.
    static func retryDelay(after attempts: Int) -> TimeInterval { 600 * pow(2, Double(max(0, attempts - 1))) }

    /// Makes a row, waiting, for each of `addresses` that is fetchable and has none yet.
    /// Call it in the transaction that loads the data.
    /// - Complexity: one lookup and at most one insert per 500 addresses.
    static func register(_ addresses: some Sequence<String>, on database: any Database, now: Date = Date()) async throws {
        var seen = Set<String>()
        let wanted = addresses.filter { PictureSource.fetchable($0) != nil && seen.insert($0).inserted }
        for start in stride(from: 0, to: wanted.count, by: 500) {
            let batch = Array(wanted[start..<min(start + 500, wanted.count)])
            let known = Set(try await Picture.query(on: database).filter(\.$url ~~ batch).all(\.$url))
            let new = batch.filter { !known.contains($0) }.map { address in
                let picture = Picture()
                picture.url = address
                picture.state = .waiting
                picture.attempts = 0
                picture.nextAttemptAt = now
                return picture
            }
            if !new.isEmpty { try await new.create(on: database) }
        }
    }

    /// The fetched pictures among `addresses`: each address's picture id.
    /// - Complexity: one query per 500 addresses.
    static func fetched(_ addresses: some Sequence<String>, on database: any Database) async throws -> [String: UUID] {
        let unique = Array(Set(addresses))
        var found: [String: UUID] = [:]
        for start in stride(from: 0, to: unique.count, by: 500) {
            let rows = try await Picture.query(on: database).filter(\.$url ~~ Array(unique[start..<min(start + 500, unique.count)]))
                .filter(\.$state == .fetched).field(\.$id).field(\.$url).all()
            for row in rows { found[row.url] = try row.requireID() }
        }
        return found
    }

    /// `/api/v1/pictures/ID`, where the app loads picture `id` from.
    static func path(_ id: UUID) -> String { "/api/v1/pictures/\(id.uuidString.lowercased())" }

    /// The fetched picture `id` (unparsed), or 404.
    static func served(_ id: String, on database: any Database) async throws -> (bytes: Data, kind: ImageKind, sha256: String) {
        guard let uuid = UUID(uuidString: id), let picture = try await Picture.find(uuid, on: database), picture.state == .fetched,
              let bytes = picture.bytes, let kind = picture.contentType.flatMap(ImageKind.init(rawValue:)), let sha256 = picture.sha256 else {
            throw Refusal.notFound("picture")
        }
        return (bytes, kind, sha256)
    }

    /// Claims up to `limit` pictures due at `now` (one statement: no other instance claims
    /// them until `claimLease` has passed), counting the attempt.
    static func claim(_ limit: Int, now: Date = Date(), on database: any Database) async throws -> [(id: UUID, url: String, attempts: Int)] {
        let waiting = Picture.State.waiting.rawValue
        // A read first: an idle instance writes nothing, so SQLite's one writer is never taken for nothing.
        guard try await database.sql.raw("""
            SELECT id FROM pictures WHERE state = \(bind: waiting) AND next_attempt_at <= \(bind: now) LIMIT 1
            """).first() != nil else { return [] }
        return try await database.sql.raw("""
            UPDATE pictures SET next_attempt_at = \(bind: now.addingTimeInterval(claimLease)), attempts = attempts + 1
            WHERE state = \(bind: waiting) AND next_attempt_at <= \(bind: now) AND id IN
            (SELECT id FROM pictures WHERE state = \(bind: waiting) AND next_attempt_at <= \(bind: now) ORDER BY next_attempt_at LIMIT \(bind: limit))
            RETURNING id, url, attempts
            """).all().map { row in
            (try row.decode(column: "id", as: UUID.self), try row.decode(column: "url", as: String.self),
             try row.decode(column: "attempts", as: Int.self))
        }
    }

    /// Keeps picture `id`'s bytes: fetched.
    static func keep(_ id: UUID, bytes: Data, kind: ImageKind, now: Date = Date(), on database: any Database) async throws {
        // A fetched picture's bytes never change (its id is served as immutable): a late
        // writer whose claim lapsed leaves them.
        try await Picture.query(on: database).filter(\.$id == id).filter(\.$state != .fetched)
            .set(\.$state, to: .fetched).set(\.$bytes, to: bytes).set(\.$contentType, to: kind.contentType)
            .set(\.$sha256, to: SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
            .set(\.$fetchedAt, to: now).set(\.$lastError, to: nil).update()
    }

    /// Notes that attempt `attempts` at picture `id` failed: it waits for `retryDelay`, or is
    /// given up after `maximumAttempts`, or at once when the failure will not change.
    static func failed(_ id: UUID, attempts: Int, because failure: PictureFetcher.Failure, now: Date = Date(),
                       on database: any Database) async throws {
        let givenUp = failure.isLasting || attempts >= maximumAttempts
        try await Picture.query(on: database).filter(\.$id == id).filter(\.$state != .fetched)
            .set(\.$state, to: givenUp ? .failed : .waiting)
            .set(\.$nextAttemptAt, to: now.addingTimeInterval(retryDelay(after: attempts)))
            .set(\.$lastError, to: String(failure.description.prefix(500))).update()
    }
}
