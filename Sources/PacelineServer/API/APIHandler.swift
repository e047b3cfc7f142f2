import Fluent
import Foundation
import PacelineAPI
import Vapor

/// Implements the operations of `openapi.yaml`, one extension file per area
/// (`APIHandler+Runs.swift`, `APIHandler+Routes.swift`, …).
struct APIHandler: APIProtocol {
    /// The largest upload accepted, in bytes.
    static let maximumUploadBytes = 32 << 20

    let app: Application
    let settings: ServerSettings
    /// Whether the database takes writes, for `/health`.
    let healthProbe: HealthProbe

    var database: any Database { app.db }
}
