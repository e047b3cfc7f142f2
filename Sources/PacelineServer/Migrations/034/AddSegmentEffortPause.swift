import Fluent
import SQLKit

/// `segment_efforts.paused_s`: how much of an effort's time the recording was paused (its
/// time holds it, as a segment is raced; the activity page says so). Efforts stored before
/// have 0 until their runs are measured again (`AnalysisRules` version 4).
struct AddSegmentEffortPause: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SegmentEffortRow.schema).field("paused_s", .double, .required, .sql(.default(0))).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SegmentEffortRow.schema).deleteField("paused_s").update()
    }
}
