import Fluent

/// The photos of the missions and points of interest loaded before pictures were fetched,
/// registered to be fetched (`Pictures.register`), as loading them now does.
struct RegisterLoadedPictures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let stages = try await MissionStageRow.query(on: database).filter(\.$photoURL != nil).all(\.$photoURL).compactMap { $0 }
        let points = try await PointOfInterestRow.query(on: database).filter(\.$photoURL != nil).all(\.$photoURL).compactMap { $0 }
        try await Pictures.register(stages + points, on: database)
    }

    func revert(on database: any Database) async throws {
        try await Picture.query(on: database).delete()
    }
}
