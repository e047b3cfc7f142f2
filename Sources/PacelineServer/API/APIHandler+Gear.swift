import Fluent
import Foundation
import PacelineAPI
import PacelineCore

extension APIHandler {
    func listGear(_ input: Operations.ListGear.Input) async throws -> Operations.ListGear.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await gearList(of: user.id))))
    }

    func createGear(_ input: Operations.CreateGear.Input) async throws -> Operations.CreateGear.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let gear = Gear()
        gear.$user.id = user.id
        gear.name = try GearBook.name(body.name) ?? ""
        gear.kind = Gear.Kind(body.kind)
        gear.sport = body.sport
        gear.startDistanceMeters = try GearBook.distance(body.startDistanceMeters, "startDistanceMeters") ?? 0
        gear.retireDistanceMeters = try GearBook.distance(body.retireDistanceMeters, "retireDistanceMeters")
        if gear.retireDistanceMeters == 0 { throw Refusal.invalid("`retireDistanceMeters` must be more than 0 (leave it out for gear that is never due)") }
        gear.isDefault = false
        gear.retired = false
        let isDefault = body.isDefault ?? false
        try await database.lockingUser(user.id) { transaction in
            let count = try await Gear.query(on: transaction).filter(\.$user.$id == user.id).count()
            guard count < GearBook.maximumPieces else {
                throw Refusal(.conflict, code: "too_much_gear", message: "keep at most \(GearBook.maximumPieces) pieces of gear: delete one first")
            }
            if isDefault { try await GearBook.makeDefault(gear, on: transaction) }
            try await gear.create(on: transaction)
        }
        return .created(.init(body: .json(gear.schema(activities: nil))))
    }

    func updateGear(_ input: Operations.UpdateGear.Input) async throws -> Operations.UpdateGear.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let name = try GearBook.name(body.name)
        let start = try GearBook.distance(body.startDistanceMeters, "startDistanceMeters")
        let retire = try GearBook.distance(body.retireDistanceMeters, "retireDistanceMeters")
        let gearID = input.path.gearId
        let gear = try await database.lockingUser(user.id) { transaction in
            let gear = try await GearBook.piece(gearID, of: user.id, on: transaction)
            if let name { gear.name = name }
            if let kind = body.kind { gear.kind = Gear.Kind(kind) }
            if let start { gear.startDistanceMeters = start }
            if let retire { gear.retireDistanceMeters = retire == 0 ? nil : retire }
            if let retired = body.retired { gear.retired = retired }
            if let sport = body.sport, sport != gear.sport {
                gear.sport = sport
                gear.isDefault = false  // the default of the sport it leaves; it may be made the new one's below
            }
            if gear.retired {
                guard body.isDefault != true else { throw Refusal.invalid("retired gear can't be a default: bring it back first") }
                gear.isDefault = false
            } else if let isDefault = body.isDefault {
                if isDefault { try await GearBook.makeDefault(gear, on: transaction) } else { gear.isDefault = false }
            }
            try await gear.save(on: transaction)
            return gear
        }
        let id = try gear.requireID()
        return .ok(.init(body: .json(gear.schema(activities: try await GearBook.totals(of: user.id, on: database)[id]))))
    }

    func deleteGear(_ input: Operations.DeleteGear.Input) async throws -> Operations.DeleteGear.Output {
        let user = try AuthenticatedUser.required()
        let gearID = input.path.gearId
        try await database.lockingUser(user.id) { transaction in
            let gear = try await GearBook.piece(gearID, of: user.id, on: transaction)
            // Done here, not only by the foreign key: its activities (deleted ones too) name none.
            try await Run.query(on: transaction).withDeleted().filter(\.$gearID == gear.id).set(\.$gearID, to: nil).update()
            try await gear.delete(on: transaction)
        }
        return .noContent(.init())
    }

    /// `user`'s gear with its distances, active first.
    func gearList(of user: UUID) async throws -> Components.Schemas.GearList {
        let gear = try await GearBook.all(of: user, on: reads)
        let totals = try await GearBook.totals(of: user, on: reads)
        return .init(gear: gear.map { $0.schema(activities: $0.id.flatMap { totals[$0] }) })
    }
}
