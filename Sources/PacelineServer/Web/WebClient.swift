import Foundation
import Vapor

/// Serves the browser client beside the API: `Public/` at `/`, Debian's Leaflet and
/// Chart.js under `/vendor/`, and `/app-config.json` (the tile server) so one build of
/// the client works on any deployment.
enum WebClient {
    /// The vendor libraries served under `/vendor/NAME/`, from `vendorDirectory/NAME`.
    static let vendorLibraries = ["leaflet", "chart.js"]

    static func register(on app: Application, settings: WebSettings) {
        if let directory = settings.publicDirectory {
            app.middleware.use(FileMiddleware(publicDirectory: directory, defaultFile: "index.html"))
        }
        for library in vendorLibraries {
            let folder = settings.vendorDirectory + "/" + library + "/"
            guard FileManager.default.fileExists(atPath: folder) else { continue }
            app.middleware.use(VendorFiles(prefix: "/vendor/\(library)/", files: FileMiddleware(publicDirectory: folder)))
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

/// Serves `files` for the paths under `prefix`, with the prefix taken off.
private struct VendorFiles: AsyncMiddleware {
    let prefix: String
    let files: FileMiddleware

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard request.url.path.hasPrefix(prefix) else { return try await next.respond(to: request) }
        let original = request.url.path
        request.url.path = "/" + original.dropFirst(prefix.count)
        defer { request.url.path = original }
        return try await files.respond(to: request, chainingTo: next)
    }
}
