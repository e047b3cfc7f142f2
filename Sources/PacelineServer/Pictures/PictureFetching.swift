import Fluent
import Foundation
import Logging

/// What each instance does every `PictureSettings.interval` (a `RepeatingWork`): claims a
/// few pictures due (`Pictures.claim`), fetches them (`PictureFetcher`) from the hosts the
/// loaded data names, and keeps each, or notes why not, to try again later a bounded
/// number of times. Never in a user's request: the app shows a link until a picture is kept.
enum PictureFetching {
    /// Pictures claimed, and fetched at once, in one round.
    static let batch = 4

    /// One round: how many pictures it kept.
    @discardableResult
    static func round(settings: PictureSettings, userAgent: String = PictureFetcher.userAgent(publicURL: nil, contact: nil),
                      on database: any Database, logger: Logger) async throws -> Int {
        let claimed = try await Pictures.claim(batch, on: database)
        guard !claimed.isEmpty else { return 0 }
        // The allow-list: every host the loaded data names (one column, read only when there is work).
        let allowed = PictureSource.allowList(try await Picture.query(on: database).all(\.$url))
        let fetcher = PictureFetcher(allowed: allowed, deadline: .seconds(settings.deadline),
                                     testsOnlyLoopbackOverHTTP: settings.testsOnlyLoopbackOverHTTP, userAgent: userAgent)
        let results = await withTaskGroup(of: (UUID, Int, Result<(bytes: Data, kind: ImageKind), PictureFetcher.Failure>).self) { group in
            for picture in claimed {
                group.addTask {
                    do {
                        return (picture.id, picture.attempts, .success(try await fetcher.fetch(picture.url)))
                    } catch let failure as PictureFetcher.Failure {
                        return (picture.id, picture.attempts, .failure(failure))
                    } catch {
                        return (picture.id, picture.attempts, .failure(.transport(String(describing: error))))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        // Stopping: a fetch cut short is no attempt's verdict; the claim lapses and it is tried again.
        guard !Task.isCancelled else { return 0 }
        var kept = 0
        for (id, attempts, result) in results {
            switch result {
            case .success(let picture):
                try await Pictures.keep(id, bytes: picture.bytes, kind: picture.kind, on: database)
                kept += 1
            case .failure(let failure):
                try await Pictures.failed(id, attempts: attempts, because: failure, on: database)
                if failure.isLasting || attempts >= Pictures.maximumAttempts {
                    logger.warning("picture \(id) given up after \(attempts) attempts: \(failure)")
                } else {
                    logger.debug("picture \(id) not fetched (attempt \(attempts)): \(failure)")
                }
            }
        }
        return kept
    }
}
