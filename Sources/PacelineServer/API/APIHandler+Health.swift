import Fluent
import PacelineAPI
import SQLKit

extension APIHandler {
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        _ = try await (database as! any SQLDatabase).raw("SELECT 1 AS one").all()
        return .ok(.init(body: .json(.init(status: .ok, database: settings.database.kind))))
    }
}
