import PacelineAPI

extension APIHandler {
    func listGear(_ input: Operations.ListGear.Input) async throws -> Operations.ListGear.Output {
        let user = try AuthenticatedUser.required()
        return .ok(.init(body: .json(try await GearBook.list(of: user.id, on: reads))))
    }

    func createGear(_ input: Operations.CreateGear.Input) async throws -> Operations.CreateGear.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let gear = try await GearBook.create(
            name: body.name, kind: Gear.Kind(body.kind), sport: body.sport, startDistanceMeters: body.startDistanceMeters,
            retireDistanceMeters: body.retireDistanceMeters, isDefault: body.isDefault ?? false, for: user.id, on: database)
        return .created(.init(body: .json(gear.schema(activities: nil))))
    }

    func updateGear(_ input: Operations.UpdateGear.Input) async throws -> Operations.UpdateGear.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let change = GearBook.Change(name: body.name, kind: body.kind.map(Gear.Kind.init), sport: body.sport,
                                     startDistanceMeters: body.startDistanceMeters, retireDistanceMeters: body.retireDistanceMeters,
                                     retired: body.retired, isDefault: body.isDefault)
        let (gear, activities) = try await GearBook.change(input.path.gearId, of: user.id, change, on: database)
        return .ok(.init(body: .json(gear.schema(activities: activities))))
    }

    func deleteGear(_ input: Operations.DeleteGear.Input) async throws -> Operations.DeleteGear.Output {
        let user = try AuthenticatedUser.required()
        try await GearBook.delete(input.path.gearId, of: user.id, on: database)
        return .noContent(.init())
    }
}
