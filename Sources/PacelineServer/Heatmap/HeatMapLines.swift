import Fluent
import Foundation
import PacelineAPI
import PacelineCore
import SQLKit

/// A user's personal heat map: every activity of theirs as the lines a map draws
/// (`HeatLine`: thinned, simplified, encoded), kept with each run (`runs.heat_lines`) so
/// the whole history is read without a track. The app draws them in the browser
/// (docs/PERFORMANCE.md, "The personal heat map", says why there and not in server tiles).
/// Only the owner's own activities, to the owner: their privacy zones hide nothing from
/// themselves.
enum HeatMapLines {
    /// `track`'s lines as `runs.heat_lines` keeps them, for a query that writes the column.
    static func json(of track: Track) -> String? {
        StoredJSON.text(HeatLine.lines(of: track))
    }

    /// The ETag of `user`'s heat map for `sport` and `year`: any upload, edit or deletion
    /// of theirs changes it (a deletion saves the run before it goes), so a browser holding
    /// the lines is answered 304 after one small query.
    static func eTag(of user: UUID, sport: Sport?, year: Int?, on database: any Database) async throws -> String {
        let row = try await database.sql.raw("""
            SELECT SUM(CASE WHEN deleted_at IS NULL THEN 1 ELSE 0 END) AS live, CAST(MAX(updated_at) AS TEXT) AS changed
            FROM runs WHERE owner_id = \(bind: user)
            """).first()
        let live = try row?.decode(column: "live", as: Int?.self) ?? 0
        let changed = try row?.decode(column: "changed", as: String?.self) ?? ""
        return ETag.of(bytes: Data("heat-1|\(user)|\(sport?.rawValue ?? "")|\(year.map(String.init) ?? "")|\(live)|\(changed)".utf8))
    }

    /// `user`'s activities of `sport` (all when nil) started in `year` (all when nil, UTC),
    /// newest first, with their lines; not those in a virtual world (`Run.isVirtual`).
    /// - Complexity: one query over the user's runs, reading their stored lines.
    static func of(_ user: UUID, sport: Sport?, year: Int?, on database: any Database) async throws -> Components.Schemas.HeatMap {
        var query = Run.query(on: database).filter(\.$owner.$id == user).filter(\.$startTime != nil).filter(\.$isVirtual == false)
            .field(\.$id).field(\.$sport).field(\.$startTime).field(\.$heatLines)
            .sort(\.$startTime, .descending).sort(\.$id, .descending)
        if let sport { query = query.filter(\.$sport == sport) }
        if let year {
            query = query.filter(\.$startTime >= UTCYear.start(year)).filter(\.$startTime < UTCYear.start(year + 1))
        }
        let runs = try await query.all()
        return .init(activities: runs.compactMap { run in
            guard let id = run.id, let start = run.startTime else { return nil }
            let lines = run.heatLines ?? []
            return .init(runId: id.apiID, sport: run.sport, startTime: start, lines: lines)
        })
    }
}
