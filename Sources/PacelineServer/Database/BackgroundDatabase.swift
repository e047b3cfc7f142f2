import Fluent
import Vapor

extension DatabaseID {
    /// PostgreSQL connections of the server's own background work (measuring runs again,
    /// bringing an import's records and badges up to date): one per core, beside the
    /// requests'. A page of that work holds its transaction's connection for a while
    /// (`RunRemeasuring`), and with the requests' one connection per core a read on that
    /// core waited for it: reads during a reprocess of 10,000 runs had a p99 of 326 ms,
    /// 29 ms with these (docs/PERFORMANCE.md).
    static let background = DatabaseID(string: "background")
}

extension Application {
    /// Where the server's background work goes: PostgreSQL's connections of its own
    /// (`DatabaseID.background`), else the database itself (SQLite has one writer,
    /// whoever writes, and reads of their own).
    var backgroundDatabase: any Database { databases.ids().contains(.background) ? db(.background) : db }
}
