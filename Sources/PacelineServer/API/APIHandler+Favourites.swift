import PacelineAPI

extension APIHandler {
    func addFavourite(_ input: Operations.AddFavourite.Input) async throws -> Operations.AddFavourite.Output {
        let user = try AuthenticatedUser.required()
        try await FavouriteBook.add(input.path.routeId, of: user.id, on: database)
        return .noContent(.init())
    }

    func removeFavourite(_ input: Operations.RemoveFavourite.Input) async throws -> Operations.RemoveFavourite.Output {
        let user = try AuthenticatedUser.required()
        try await FavouriteBook.remove(input.path.routeId, of: user.id, on: database)
        return .noContent(.init())
    }

    func listFavourites(_ input: Operations.ListFavourites.Input) async throws -> Operations.ListFavourites.Output {
        let user = try AuthenticatedUser.required()
        let list = try await FavouriteBook.list(of: user.id, changedSince: input.query.updatedSince, on: database)
        let tag = try ETag.of(list)
        if ETag.matches(tag, input.headers.ifNoneMatch) { return .notModified(.init(headers: .init(eTag: tag))) }
        return .ok(.init(headers: .init(eTag: tag), body: .json(list)))
    }
}
