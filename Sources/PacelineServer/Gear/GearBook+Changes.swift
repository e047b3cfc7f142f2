import Fluent
import Foundation
import PacelineCore

extension GearBook {
    /// Adds a piece of `user`'s gear: 400 for a name of nothing or too long, or a distance
    /// out of range (a retire distance of 0 too), in that order; then, under the user's
    /// lock, 409 `too_much_gear` past `maximumPieces`. `isDefault` makes it its sport's
    /// default, taking that from another piece.
    static func create(name: String?, kind: Gear.Kind, sport: Sport, startDistanceMeters: Double?, retireDistanceMeters: Double?,
                       isDefault: Bool, for user: UUID, on database: any Database) async throws -> Gear {
        let gear = Gear()
        gear.$user.id = user
        gear.name = try Self.name(name) ?? ""
        gear.kind = kind
        gear.sport = sport
        gear.startDistanceMeters = try distance(startDistanceMeters, "startDistanceMeters") ?? 0
        gear.retireDistanceMeters = try distance(retireDistanceMeters, "retireDistanceMeters")
        if gear.retireDistanceMeters == 0 { throw Refusal.invalid("`retireDistanceMeters` must be more than 0 (leave it out for gear that is never due)") }
        gear.isDefault = false
        gear.retired = false
        try await database.lockingUser(user) { transaction in
            let count = try await Gear.query(on: transaction).filter(\.$user.$id == user).count()
            guard count < maximumPieces else {
                throw Refusal(.conflict, code: "too_much_gear", message: "keep at most \(maximumPieces) pieces of gear: delete one first")
            }
            if isDefault { try await makeDefault(gear, on: transaction) }
            try await gear.create(on: transaction)
        }
        return gear
    }

    /// What an owner changes of a piece; nil leaves it as it is.
    struct Change {
        var name: String?
        var kind: Gear.Kind?
        var sport: Sport?
        var startDistanceMeters: Double?
        /// 0 makes it never due.
        var retireDistanceMeters: Double?
        var retired: Bool?
        var isDefault: Bool?
    }

    /// Changes `user`'s piece `id`, under the user's lock: 400 for a name of nothing or too
    /// long or a distance out of range, then 404 unless the piece is theirs, then 400 when a
    /// retired piece is to be a default. A piece moved to another sport stops being the
    /// default of the one it leaves; a retired one is no default.
    /// - Returns: the piece, and what its activities add up to.
    static func change(_ id: String, of user: UUID, _ change: Change,
                       on database: any Database) async throws -> (gear: Gear, activities: (meters: Double, activities: Int)?) {
        let name = try Self.name(change.name)
        let start = try distance(change.startDistanceMeters, "startDistanceMeters")
        let retire = try distance(change.retireDistanceMeters, "retireDistanceMeters")
        let gear = try await database.lockingUser(user) { transaction in
            let gear = try await piece(id, of: user, on: transaction)
            if let name { gear.name = name }
            if let kind = change.kind { gear.kind = kind }
            if let start { gear.startDistanceMeters = start }
            if let retire { gear.retireDistanceMeters = retire == 0 ? nil : retire }
            if let retired = change.retired { gear.retired = retired }
            if let sport = change.sport, sport != gear.sport {
                gear.sport = sport
                gear.isDefault = false  // the default of the sport it leaves; it may be made the new one's below
            }
            if gear.retired {
                guard change.isDefault != true else { throw Refusal.invalid("retired gear can't be a default: bring it back first") }
                gear.isDefault = false
            } else if let isDefault = change.isDefault {
                if isDefault { try await makeDefault(gear, on: transaction) } else { gear.isDefault = false }
            }
            try await gear.save(on: transaction)
            return gear
        }
        return (gear, try await totals(of: user, on: database)[try gear.requireID()])
    }

    /// Deletes `user`'s piece `id`, under the user's lock; the activities that named it
    /// (deleted ones too) name none. 404 unless it is theirs.
    static func delete(_ id: String, of user: UUID, on database: any Database) async throws {
        try await database.lockingUser(user) { transaction in
            let gear = try await piece(id, of: user, on: transaction)
            // Done here, not only by the foreign key: its activities (deleted ones too) name none.
            try await Run.query(on: transaction).withDeleted().filter(\.$gearID == gear.id).set(\.$gearID, to: nil).update()
            try await gear.delete(on: transaction)
        }
    }
}
