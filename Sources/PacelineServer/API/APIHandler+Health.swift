import PacelineAPI

extension APIHandler {
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let kind = settings.database.kind
        switch await healthProbe.reading() {
        case .writable:
            return .ok(.init(body: .json(.init(status: .ok, database: kind, writable: true))))
        case .outage(let outage):
            let problem: Components.Schemas.Health.ProblemPayload = switch outage {
            case .readOnly: .readOnly
            case .full: .full
            case .unreachable: .unreachable
            }
            return .serviceUnavailable(.init(headers: .init(retryAfter: DatabaseOutage.retryAfterSeconds),
                                             body: .json(.init(status: .unavailable, database: kind, writable: false, problem: problem))))
        }
    }
}
