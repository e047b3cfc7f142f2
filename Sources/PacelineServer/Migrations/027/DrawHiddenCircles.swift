import Fluent
import Foundation
import PacelineCore
import SQLKit

/// The hidden circle of every privacy zone stored before (`PrivacyZone`): drawn once, here,
/// from the system's cryptographic source, and kept with its zone in `users.privacy_zones`,
/// so a zone hides the same circle from its first request on, whichever instance answers.
///
/// Each user's zones are rewritten in one statement, and only if the row still holds what
/// was read: a change made meanwhile is never overwritten, and a zone that has its circle
/// keeps it, so running this again (after a crash half-way) draws nothing twice.
struct DrawHiddenCircles: AsyncMigration {
    /// A zone as migration 016 stored it, and its hidden circle once drawn.
    private struct Stored: Decodable {
        var center: Coordinate
        var radiusMeters: Double
        var hiddenCenter: Coordinate?
        var hiddenRadiusMeters: Double?
    }

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        var random = SystemRandomNumberGenerator()
        try await TablePages.each(of: User.schema, columns: ["privacy_zones"], size: 500, on: sql) { page in
            for row in page {
                guard let json = try row.decode(column: "privacy_zones", as: String?.self),
                      let stored = try? JSONDecoder().decode([Stored].self, from: Data(json.utf8)),
                      stored.contains(where: { $0.hiddenCenter == nil || $0.hiddenRadiusMeters == nil }) else { continue }
                let zones = stored.map { zone in
                    guard let hiddenCenter = zone.hiddenCenter, let hiddenRadius = zone.hiddenRadiusMeters else {
                        return PrivacyZone(center: zone.center, radiusMeters: zone.radiusMeters, drawingFrom: &random)
                    }
                    return PrivacyZone(center: zone.center, radiusMeters: zone.radiusMeters,
                                       hiddenCenter: hiddenCenter, hiddenRadiusMeters: hiddenRadius)
                }
                try await sql.update(User.schema)
                    .set("privacy_zones", to: String(decoding: try JSONEncoder().encode(zones), as: UTF8.self))
                    .where("id", .equal, try row.decode(column: "id", as: UUID.self))
                    .where("privacy_zones", .equal, json)
                    .run()
            }
        }
    }

    /// Nothing to undo: a server from before reads each zone and passes over its circle.
    func revert(on database: any Database) async throws {}
}
