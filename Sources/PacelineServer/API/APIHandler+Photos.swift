import Foundation
import OpenAPIRuntime
import PacelineAPI

extension APIHandler {
    func listRunPhotos(_ input: Operations.ListRunPhotos.Input) async throws -> Operations.ListRunPhotos.Output {
        let viewer = AuthenticatedUser.current?.id
        let (photos, run) = try await RunPhotos.list(ofRun: input.path.runId, viewer: viewer, on: reads)
        let canAdd = viewer == run.$owner.id && photos.count < PhotoLimits.perActivity
        return .ok(.init(body: .json(.init(photos: try photos.map { try $0.schema }, canAdd: canAdd))))
    }

    func addRunPhoto(_ input: Operations.AddRunPhoto.Input) async throws -> Operations.AddRunPhoto.Output {
        let user = try AuthenticatedUser.required()
        let body: HTTPBody = switch input.body {
        case .jpeg(let body), .png(let body), .imageWebp(let body), .imageHeic(let body), .binary(let body): body
        }
        let photo = try await RunPhotos.add(body, toRun: input.path.runId, owner: user.id, on: database)
        return .created(.init(body: .json(try photo.schema)))
    }

    func deleteRunPhoto(_ input: Operations.DeleteRunPhoto.Input) async throws -> Operations.DeleteRunPhoto.Output {
        let user = try AuthenticatedUser.required()
        try await RunPhotos.delete(input.path.photoId, fromRun: input.path.runId, owner: user.id, on: database)
        return .noContent(.init())
    }

    func getPhoto(_ input: Operations.GetPhoto.Input) async throws -> Operations.GetPhoto.Output {
        let size: RunPhotos.Size = input.query.size == .screen ? .screen : .thumbnail
        let bytes = try await RunPhotos.picture(input.path.photoId, size: size, viewer: AuthenticatedUser.current?.id, on: reads)
        // A photo never changes: its id and size are its tag (checked after access, so a
        // 304 tells nobody a photo they may not see exists).
        let tag = "\"\(input.path.photoId.lowercased())-\(size.rawValue)\""
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .jpeg(HTTPBody(bytes))))
    }
}

extension RunPhoto {
    /// The photo as the API describes it.
    var schema: Components.Schemas.RunPhoto {
        get throws {
            .init(id: try requireID().apiID, width: width, height: height, createdAt: createdAt ?? Date())
        }
    }
}
