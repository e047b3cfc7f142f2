import Fluent

/// The photos of the missions loaded before pictures were fetched, registered to be
/// fetched (`Pictures.register`), as loading them now does. Points of interest loaded
/// before had no credit for their photos kept, so theirs stay links (`POIImporter`).
struct RegisterLoadedPictures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let stages = try await MissionStageRow.query(on: database).filter(\.$photoURL != nil).all(\.$photoURL).compactMap { $0 }
        try await Pictures.register(stages, on: database)
    }

    func revert(on database: any Database) async throws {
        try await Picture.query(on: database).delete()
    }
}
