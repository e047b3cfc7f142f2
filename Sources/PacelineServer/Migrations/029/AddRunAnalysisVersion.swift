import Fluent
import SQLKit

/// `runs.analysis_version`: which rules measured each run (`AnalysisRules.version`). The
/// runs stored before were measured by version 1; an index on it and the id finds, a page
/// at a time, those that today's rules must measure again (`RunRemeasuring`).
struct AddRunAnalysisVersion: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Run.schema).field("analysis_version", .int, .required, .sql(.default(1))).update()
        try await database.sql.raw("CREATE INDEX runs_analysis_version ON runs (analysis_version, id)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("DROP INDEX runs_analysis_version").run()
        try await database.schema(Run.schema).deleteField("analysis_version").update()
    }
}
