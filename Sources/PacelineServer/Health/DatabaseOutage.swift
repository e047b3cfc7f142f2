import FluentPostgresDriver
import FluentSQLiteDriver
import HTTPTypes
import Logging

/// A failure of the database itself rather than of the request: it has become read-only,
/// its disk is full, or it can't be reached. Such a request is answered 503 with a JSON
/// error and `Retry-After`, never a 500 that says nothing, and nothing half-written stays
/// (every write that can fail half-way runs in a transaction).
enum DatabaseOutage: Equatable {
    /// The database takes reads but refuses writes (a read-only file or file system, a
    /// read-only PostgreSQL transaction or standby).
    case readOnly
    /// Its disk (or quota) is full.
    case full
    /// The server can't reach it, or it is shutting down or refusing connections.
    case unreachable

    /// What `error` says about the database, or nil when it is not an outage.
    init?(_ error: any Error) {
        switch error {
        case let error as SQLiteError:
            switch error.reason {
            case .readOnly: self = .readOnly
            case .full: self = .full
            case .ioError, .cantOpen, .notADatabase, .corrupt: self = .unreachable
            default: return nil
            }
        case let error as PSQLError:
            switch error.code {
            case .server:
                // SQLSTATE classes: 25006 read_only_sql_transaction; 53 insufficient
                // resources (53100 disk_full, 53200 out of memory, 53300 too many
                // connections); 57P01–57P03 the server shutting down or starting; 08 no connection.
                let state = error.serverInfo?[.sqlState] ?? ""
                if state == "25006" { self = .readOnly }
                else if state == "53100" { self = .full }
                else if state.hasPrefix("53") || state.hasPrefix("57P") || state.hasPrefix("08") { self = .unreachable }
                else { return nil }
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown:
                self = .unreachable
            default:
                return nil
            }
        case is ConnectionPoolTimeoutError:
            self = .unreachable
        default:
            return nil
        }
    }

    /// The refusal: unavailable (503), a code a client can act on, a message for a person, and
    /// `Retry-After`.
    var refusal: Refusal {
        let message = switch self {
        case .readOnly: "the server's database is read-only just now, so nothing can be saved; try again later"
        case .full: "the server's database is full, so nothing can be saved; try again later (the server's operator has been told)"
        case .unreachable: "the server can't reach its database just now; try again in a minute"
        }
        return Refusal(.unavailable, code: "database_unavailable", message: message, retryAfter: Self.retryAfterSeconds)
    }

    /// Seconds a client should wait before trying again.
    static let retryAfterSeconds = 30

    /// The answer to `error` when it is an outage, logged (with `context`, e.g. the
    /// request) for the operator; nil when it is not one.
    static func refusal(for error: any Error, context: @autoclosure () -> String, logger: Logger) -> Refusal? {
        guard let outage = DatabaseOutage(error) else { return nil }
        logger.error("\(context()): database unavailable (\(outage)): \(String(reflecting: error))")
        return outage.refusal
    }
}
