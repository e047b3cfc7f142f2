import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// A user's gear: its checks, its distances, and which piece new activities of a sport
/// name (its default); adding, changing and deleting a piece is `GearBook+Changes.swift`'s.
/// Handlers decode, call one of these, and encode.
///
/// A piece's distance is its start distance plus the distance of every activity that
/// names it, as the activity's page shows it (`runs.distance_m`); deleted activities
/// don't count. Gear is the user's own: every function takes the owner, and someone
/// else's gear is "not found", as if it did not exist.
enum GearBook {
    /// The most pieces a user keeps.
    static let maximumPieces = 100
    /// The longest distance a piece is given, metres: a million kilometres.
    static let distances = 0.0...1_000_000_000

    /// `id`'s gear if it is `user`'s, else 404.
    static func piece(_ id: String, of user: UUID, on database: any Database) async throws -> Gear {
        guard let uuid = UUID(uuidString: id),
              let gear = try await Gear.query(on: database).filter(\.$id == uuid).filter(\.$user.$id == user).first() else {
            throw Refusal.notFound("gear")
        }
        return gear
    }

    /// Every piece of `user`'s, active first, in the order they were added.
    static func all(of user: UUID, on database: any Database) async throws -> [Gear] {
        try await Gear.query(on: database).filter(\.$user.$id == user).sort(\.$retired).sort(\.$createdAt).sort(\.$id).all()
    }

    /// `user`'s gear with its distances, active first (`all`, `totals`).
    static func list(of user: UUID, on database: any Database) async throws -> Components.Schemas.GearList {
        let gear = try await all(of: user, on: database)
        let totals = try await totals(of: user, on: database)
        return .init(gear: gear.map { $0.schema(activities: $0.id.flatMap { totals[$0] }) })
    }

    /// The default piece for new activities of `sport` of `user`'s, if any.
    static func defaultPiece(of user: UUID, for sport: Sport, on database: any Database) async throws -> UUID? {
        try await Gear.query(on: database).filter(\.$user.$id == user).filter(\.$sport == sport)
            .filter(\.$isDefault == true).filter(\.$retired == false).first()?.id
    }

    /// What the activities naming each of `user`'s pieces add up to: distance and count.
    /// - Complexity: one grouped query over the user's activities that name gear.
    static func totals(of user: UUID, on database: any Database) async throws -> [UUID: (meters: Double, activities: Int)] {
        let rows = try await database.sql.raw("""
            SELECT gear_id, SUM(distance_m) AS meters, COUNT(*) AS activities FROM runs
            WHERE owner_id = \(bind: user) AND gear_id IS NOT NULL AND deleted_at IS NULL GROUP BY gear_id
            """).all()
        var totals: [UUID: (Double, Int)] = [:]
        for row in rows {
            let meters = try row.decode(column: "meters", as: Double?.self) ?? 0
            totals[try row.decode(column: "gear_id", as: UUID.self)] = (meters.isFinite ? meters : 0, try row.decode(column: "activities", as: Int.self))
        }
        return totals
    }

    /// Makes `gear` the default of its sport, taking it from any other piece of the
    /// user's, in `transaction` (the unique index `gear_default` holds at most one).
    static func makeDefault(_ gear: Gear, on transaction: any Database) async throws {
        try await Gear.query(on: transaction).filter(\.$user.$id == gear.$user.id).filter(\.$sport == gear.sport)
            .filter(\.$isDefault == true).set(\.$isDefault, to: false).update()
        gear.isDefault = true
    }

    /// A distance from the client, metres: finite and within `distances`, else 400 naming `field`.
    static func distance(_ value: Double?, _ field: String) throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite, distances.contains(value) else {
            throw Refusal.invalid("`\(field)` must be 0 to \(Int(distances.upperBound / 1000)) km, in metres")
        }
        return value
    }

    /// A name from the client: trimmed, not empty, within `TextInput.Limit.name`.
    static func name(_ text: String?) throws -> String? {
        guard let text = try TextInput.checked(text, "name", .name) else { return nil }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw Refusal.invalid("`name` is empty: name your gear") }
        return name
    }
}

extension Gear {
    /// The piece as the API shows it to its owner, with what its activities add up to.
    func schema(activities: (meters: Double, activities: Int)?) -> Components.Schemas.Gear {
        let distance = startDistanceMeters + (activities?.meters ?? 0)
        return .init(id: id?.apiID ?? "", name: name, kind: kind.schema, sport: sport,
                     startDistanceMeters: startDistanceMeters, retireDistanceMeters: retireDistanceMeters,
                     isDefault: isDefault, retired: retired, distanceMeters: distance,
                     activityCount: activities?.activities ?? 0,
                     dueForRetirement: !retired && retireDistanceMeters.map { distance >= $0 } ?? false,
                     createdAt: createdAt ?? Date())
    }
}
