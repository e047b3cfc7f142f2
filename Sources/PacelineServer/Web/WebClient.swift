import Foundation
import Vapor

/// Serves the browser client beside the API: `Public/` at `/` (with its vendor libraries
/// under `/vendor/`) and `/app-config.json` (the tile server), so one build of the client
/// works on any deployment.
enum WebClient {
    static func register(on app: Application, settings: WebSettings) {
        if let directory = settings.publicDirectory {
            app.middleware.use(FileMiddleware(publicDirectory: directory, defaultFile: "index.html"))
        }
        let configuration = AppConfiguration(tileURL: settings.tileURL, tileAttribution: settings.tileAttribution)
        app.get("app-config.json") { _ in configuration }
    }

    /// What the client reads at start.
    struct AppConfiguration: Content {
        var tileURL: String
        var tileAttribution: String
    }
}
