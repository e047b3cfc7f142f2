import Fluent
import Foundation
import PacelineAPI

extension PointsOfInterest {
    /// Marks point `id` a favourite of `user`'s; marking it twice changes nothing. 404 when
    /// there is no such point.
    static func addFavourite(_ id: String, of user: UUID, on database: any Database) async throws {
        let id = try await find(id, on: database).requireID()
        if try await PointOfInterestFavourite.query(on: database).filter(\.$user.$id == user).filter(\.$point.$id == id).first() == nil {
            let favourite = PointOfInterestFavourite()
            favourite.$user.id = user
            favourite.$point.id = id
            do {
                try await favourite.create(on: database)
            } catch {
                // A concurrent identical request made it first: it is a favourite.
                guard (error as? any DatabaseError)?.isConstraintFailure == true else { throw error }
            }
        }
    }

    /// Unmarks point `id` for `user` (nothing to do when it was not marked); 404 when there
    /// is no such point.
    static func removeFavourite(_ id: String, of user: UUID, on database: any Database) async throws {
        let id = try await find(id, on: database).requireID()
        try await PointOfInterestFavourite.query(on: database).filter(\.$user.$id == user).filter(\.$point.$id == id).delete()
    }

    /// The points `user` marked, latest first, as they see them.
    static func favourites(of user: UUID, on database: any Database) async throws -> [Components.Schemas.PointOfInterestSummary] {
        let favourites = try await PointOfInterestFavourite.query(on: database).filter(\.$user.$id == user).with(\.$point)
            .sort(\.$createdAt, .descending).sort(\.$id).all()
        let listings = try favourites.map { try Listing($0.point) }
        return try await schemas(listings, viewer: user, on: database)
    }
}
