import ArgumentParser
import Foundation
import PacelineServer

/// `--database` and `--schema`: the database `serve` uses, and that the commands writing
/// into it (`poi import`, `mission import`) take the same way.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "A postgres:// URL, or a SQLite file path (default: $DATABASE_URL, else paceline.sqlite).")
    var database: String?

    @Option(help: "With a postgres:// database: the schema that holds the tables (created if missing).")
    var schema: String?

    /// `--database`, else `$DATABASE_URL`, else the SQLite file in the working directory;
    /// in `--schema` when given (PostgreSQL only).
    func location() throws -> DatabaseLocation {
        let location = (database ?? ProcessInfo.processInfo.environment["DATABASE_URL"]).map(DatabaseLocation.init) ?? .default
        guard let schema else { return location }
        guard case .postgres(let url, _) = location else { throw ValidationError("--schema needs a postgres:// database") }
        return .postgres(url: url, schema: schema)
    }
}
