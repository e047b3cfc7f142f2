import PacelineAPI

extension APIHandler {
    func listFavourites(_ input: Operations.ListFavourites.Input) async throws -> Operations.ListFavourites.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "listFavourites is not built yet")
    }

    func addFavourite(_ input: Operations.AddFavourite.Input) async throws -> Operations.AddFavourite.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "addFavourite is not built yet")
    }

    func removeFavourite(_ input: Operations.RemoveFavourite.Input) async throws -> Operations.RemoveFavourite.Output {
        throw APIError(status: .notImplemented, code: "not_implemented", message: "removeFavourite is not built yet")
    }
}
