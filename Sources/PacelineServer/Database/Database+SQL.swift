import Fluent
import SQLKit

extension Database {
    /// This database as SQLKit's `SQLDatabase`, for the queries Fluent's query builder
    /// cannot say (raw SQL, indexes, upserts, aggregates).
    ///
    /// The cast always holds: the only drivers `configure` sets up, SQLite and PostgreSQL,
    /// both give databases (and transactions) that are SQL databases. Were it ever to fail,
    /// a driver without SQL had been configured: a programming error, caught by the first
    /// test on that driver, not a condition to handle at run time.
    package var sql: any SQLDatabase {
        self as! any SQLDatabase
    }
}
