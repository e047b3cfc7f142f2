import Fluent
import Foundation
import PacelineAPI
import Vapor

/// Implements the operations of `openapi.yaml`, one extension file per area
/// (`APIHandler+Runs.swift`, `APIHandler+Routes.swift`, …).
struct APIHandler: APIProtocol {
    let app: Application
    let settings: ServerSettings
    /// Hashes and verifies passwords (`Passwords`).
    let passwords: Passwords
    /// Counts attempts at guessing (`AttemptLimiter`).
    let limiter: AttemptLimiter
    /// The instance's VAPID key, whose public half browsers subscribe to push with.
    let pushKey: VAPID
    /// Whether the database takes writes, for `/health`.
    let healthProbe: HealthProbe

    var database: any Database { app.db }

    /// Where reads that need no transaction go: a SQLite file's read connections
    /// (`DatabaseID.sqliteReads`), else the database itself.
    var reads: any Database { app.databases.ids().contains(.sqliteReads) ? app.db(.sqliteReads) : app.db }
}
