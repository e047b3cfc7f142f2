import PacelineAPI
import PacelineCore

extension APIHandler {
    func createBeacon(_ input: Operations.CreateBeacon.Input) async throws -> Operations.CreateBeacon.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        let (beacon, token) = try await limiter.counting(.beacon(user: user.id)) {
            try await BeaconBook.open(for: user.id, sport: body.sport ?? .run, showsZones: body.showPrivacyZones ?? false, on: database)
        }
        return .created(.init(body: .json(.init(id: try beacon.requireID().apiID, address: "/#/beacon/\(token)",
                                                expiresAt: beacon.expiresAt, showPrivacyZones: beacon.showsZones))))
    }

    func endBeacon(_ input: Operations.EndBeacon.Input) async throws -> Operations.EndBeacon.Output {
        let user = try AuthenticatedUser.required()
        try await BeaconBook.end(input.path.beaconId, by: user.id, on: database)
        return .noContent(.init())
    }

    func addBeaconFixes(_ input: Operations.AddBeaconFixes.Input) async throws -> Operations.AddBeaconFixes.Output {
        let user = try AuthenticatedUser.required()
        guard case .json(let body) = input.body else { throw Refusal.invalid("send JSON") }
        try await BeaconBook.append(body.fixes, pausedAt: body.pausedAt, to: input.path.beaconId, by: user.id, on: database)
        return .noContent(.init())
    }

    func getBeaconView(_ input: Operations.GetBeaconView.Input) async throws -> Operations.GetBeaconView.Output {
        // A link answers whoever holds it, however many wrong addresses their network sent:
        // people keeping a runner safe behind one NAT never lose them. Only addresses that
        // are no link count, and past the limit they answer 429 instead of 404.
        do {
            let view = try await BeaconBook.view(input.path.token, on: reads)
            return .ok(.init(headers: .init(cacheControl: "no-store"), body: .json(view)))
        } catch let refusal as Refusal where refusal.reason == .notFound {
            _ = try await limiter.take(.beaconViewFrom(address: Self.clientAddress))
            throw refusal
        }
    }
}
