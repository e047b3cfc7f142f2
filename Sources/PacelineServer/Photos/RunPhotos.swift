import Fluent
import Foundation
import OpenAPIRuntime
import Synchronization

/// The photos on activities: added by the run's owner, seen by whoever may see the run.
enum RunPhotos {
    /// Which of a photo's pictures.
    enum Size: String, Sendable {
        case thumbnail, screen
    }

    /// The users with a photo upload under way on this instance: one each at a time, so
    /// nobody fills the queue of `PhotoDeveloper` alone.
    private static let uploading = Mutex<Set<UUID>>([])

    /// Reads `body` and adds the photo it holds to `runID`, which `owner` must own (404
    /// otherwise, before the body is read). The count is checked again, and the run found
    /// still there, under the owner's lock, which a run's deletion takes too.
    /// - Throws: 409 `too_many_photos` past `PhotoLimits.perActivity`; 429 `busy` while
    ///   the owner's previous photo is being made; what `PhotoDeveloper` throws.
    static func add(_ body: HTTPBody, toRun runID: String, owner: UUID, on database: any Database) async throws -> RunPhoto {
        let run = try await RunAccess.ownedRun(runID, by: owner, on: database, withTrack: false)
        let id = try run.requireID()
        try await refuseIfFull(id, on: database)
        guard uploading.withLock({ $0.insert(owner).inserted }) else {
            throw Refusal(.tooMany, code: "busy", message: "your last photo is still being added: send the next one when it is", retryAfter: 2)
        }
        defer { _ = uploading.withLock { $0.remove(owner) } }
        var bytes = Data()
        for try await chunk in body { bytes.append(contentsOf: chunk) }
        guard !bytes.isEmpty else { throw Refusal.invalid("the photo is empty") }
        let developed = try await PhotoDeveloper.shared.develop(bytes)
        return try await database.lockingUser(owner) { transaction in
            guard try await Run.query(on: transaction).filter(\.$id == id).count() == 1 else { throw Refusal.notFound("run") }
            try await refuseIfFull(id, on: transaction)
            let last = try await RunPhoto.query(on: transaction).filter(\.$run.$id == id).max(\.$position)
            let photo = RunPhoto()
            photo.$run.id = id
            photo.position = (last ?? -1) + 1
            photo.width = developed.width
            photo.height = developed.height
            photo.screen = developed.screen
            photo.thumbnail = developed.thumbnail
            try await photo.create(on: transaction)
            return photo
        }
    }

    /// The photos on `runID` (without their pictures), if `viewer` may see it; 404 otherwise.
    static func list(ofRun runID: String, viewer: UUID?, on database: any Database) async throws -> (photos: [RunPhoto], run: Run) {
        let run = try await RunAccess.visibleRun(runID, to: viewer, on: database, withTrack: false)
        let photos = try await RunPhoto.query(on: database).filter(\.$run.$id == run.requireID())
            .field(\.$id).field(\.$run.$id).field(\.$position).field(\.$width).field(\.$height).field(\.$createdAt)
            .sort(\.$position).all()
        return (photos, run)
    }

    /// The JPEG of `size` of photo `id`, if `viewer` may see its run; 404 otherwise.
    static func picture(_ id: String, size: Size, viewer: UUID?, on database: any Database) async throws -> Data {
        guard let uuid = UUID(uuidString: id),
              let photo = try await RunPhoto.query(on: database).filter(\.$id == uuid)
                .field(\.$id).field(\.$run.$id).field(size == .screen ? \.$screen : \.$thumbnail).first()
        else { throw Refusal.notFound("photo") }
        do {
            _ = try await RunAccess.visibleRun(photo.$run.id.uuidString, to: viewer, on: database, withTrack: false)
        } catch let refusal as Refusal where refusal.reason == .notFound {
            throw Refusal.notFound("photo")
        }
        return size == .screen ? photo.screen : photo.thumbnail
    }

    /// Removes photo `id` from `runID`, which `owner` must own; 404 otherwise.
    static func delete(_ id: String, fromRun runID: String, owner: UUID, on database: any Database) async throws {
        let run = try await RunAccess.ownedRun(runID, by: owner, on: database, withTrack: false)
        guard let uuid = UUID(uuidString: id),
              let photo = try await RunPhoto.query(on: database).filter(\.$id == uuid).filter(\.$run.$id == run.requireID()).field(\.$id).first()
        else { throw Refusal.notFound("photo") }
        try await photo.delete(on: database)
    }

    private static func refuseIfFull(_ run: UUID, on database: any Database) async throws {
        guard try await RunPhoto.query(on: database).filter(\.$run.$id == run).count() < PhotoLimits.perActivity else {
            throw Refusal(.conflict, code: "too_many_photos", message: "an activity may have at most \(PhotoLimits.perActivity) photos")
        }
    }
}
