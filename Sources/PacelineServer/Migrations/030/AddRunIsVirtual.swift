import Fluent
import SQLKit

/// `runs.is_virtual`: whether a run was ridden or run in a virtual world (FIT sub_sport
/// virtual_activity: `Activity.isVirtual`), whose positions are a game's: such a run makes
/// no route, segment or segment effort, and no heat-map line. The runs stored before were
/// not marked; those from FIT originals are when today's rules measure them again
/// (`AnalysisRules` version 3).
struct AddRunIsVirtual: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("is_virtual", .bool, .required, .sql(.default(false))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Run.schema).deleteField("is_virtual").update()
    }
}
