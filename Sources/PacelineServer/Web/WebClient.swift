import Foundation
import Vapor

/// Serves the browser client beside the API: `Public/` at `/` (with its vendor libraries
/// under `/vendor/`) and `/app-config.json` (the tile server), so one build of the client
/// works on any deployment; and how people sign in (the login screen's buttons).
enum WebClient {
    static func register(on app: Application, settings: WebSettings, signIn: SignInOptions) {
        if let directory = settings.publicDirectory {
            app.middleware.use(FileMiddleware(publicDirectory: directory, defaultFile: "index.html"))
        }
        let configuration = AppConfiguration(tileURL: settings.tileURL, tileAttribution: settings.tileAttribution, signIn: signIn)
        app.get("app-config.json") { _ in configuration }
    }

    /// What the client reads at start.
    struct AppConfiguration: Content {
        var tileURL: String
        var tileAttribution: String
        var signIn: SignInOptions
    }

    /// How people sign in: with an email and password (`passwords`), with the OpenID
    /// provider named `provider` (nil: none), or both; and whether a proxy in front may have
    /// signed them in already (`byProxy`: `TrustedUserHeader`), which the login screen asks
    /// the server about first.
    struct SignInOptions: Content {
        var passwords: Bool
        var provider: String?
        var byProxy: Bool
    }
}
